import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useCaseKeys } from './api/keys';
import { publishUseCase } from './api/publish-use-case';

/**
 * Validate & Publish (spec document 2 §4.6): blocked without an id; 'Publishing...' while it
 * runs; a result with userUseCaseMapping goes to /use-cases, any other result is only logged.
 */
export function usePublish(id: number | null) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [publishing, setPublishing] = useState(false);
  const publish = async () => {
    if (!id) {
      toast.error('No use case ID available for publishing');
      return;
    }
    setPublishing(true);
    try {
      const result = await publishUseCase(id);
      if (result.userUseCaseMapping) {
        toast.success('Use case published');
        void queryClient.invalidateQueries({ queryKey: useCaseKeys.list });
        void navigate('/use-cases');
      } else console.error('Publish returned no userUseCaseMapping', result);
    } catch (e) {
      toast.error('Failed to publish', { description: e instanceof Error ? e.message : undefined });
    } finally {
      setPublishing(false);
    }
  };
  return { publish, publishing };
}
