import type { TLlmSettings } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { AGENTS, LLM_KEY } from './keys';

const getLlmSettings = () => api.get<TLlmSettings>(`${AGENTS}/llm-provider`);

export const useLlmSettings = () => useQuery({ queryKey: LLM_KEY, queryFn: getLlmSettings });
