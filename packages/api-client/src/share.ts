import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpointQuery } from './endpoint-query.ts';
import { request } from './request.ts';
import { tuningKeys } from './query-keys.ts';

/*
 * The share pages' reads (no account needed) and the owner's switch that shares a session. The
 * public answers get keys of their own: a visitor's page never reads the owner's cached answers.
 */

export const shareKeys = {
  all: ['share'] as const,
  benchmark: (benchmarkId: string) => [...shareKeys.all, 'benchmark', benchmarkId] as const,
  setting: (settingId: string) => [...shareKeys.all, 'setting', settingId] as const,
  session: (sessionId: string) => [...shareKeys.all, 'session', sessionId] as const,
};

export const publicBenchmarkQueryOptions = (benchmarkId: string) =>
  endpointQuery(shareKeys.benchmark(benchmarkId), 'publicBenchmark', { params: { benchmark_id: benchmarkId } });

export const publicSettingQueryOptions = (settingId: string) =>
  endpointQuery(shareKeys.setting(settingId), 'publicSetting', { params: { setting_id: settingId } });

export const publicTuningSessionQueryOptions = (sessionId: string) =>
  endpointQuery(shareKeys.session(sessionId), 'publicTuningSession', { params: { session_id: sessionId } });

/** Shares a finished session or stops sharing it; the session's detail answer is replaced with the new one. */
export const useShareSessionMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sessionId, shared }: { sessionId: string; shared: boolean }) =>
      request('shareSession', { params: { session_id: sessionId }, body: { shared } }),
    onSuccess: (session) => {
      queryClient.setQueryData(tuningKeys.detail(session.id), session);
      queryClient.removeQueries({ queryKey: shareKeys.session(session.id) });
      return queryClient.invalidateQueries({ queryKey: tuningKeys.lists() });
    },
  });
};
