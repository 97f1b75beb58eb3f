import type { TDateFormat } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { knowledgeKeys, SCHEMA_VALIDATION } from './keys';

const getDateFormats = () => api.get<TDateFormat[]>(`${SCHEMA_VALIDATION}/date_formats`);

/** The date formats a column can be read with; they do not change while the app runs. */
export const useDateFormats = () =>
  useQuery({ queryKey: knowledgeKeys.dateFormats, queryFn: getDateFormats, staleTime: Infinity });
