import type { SearchSpace } from '@mako/contract';
import type { Explanation } from '@mako/tuner';
import type { AppContext } from '../../context.ts';
import { Failed } from '../errors.ts';
import { resultsInTrialOrder, trialOf } from './rows.ts';
import { ownSession } from './session-row.ts';

/** Sessions whose explanation a process remembers (the most recently explained ones). */
const MAX_EXPLANATIONS = 200;

/** A session's insights, remembered per process. */
export function sessionInsights(ctx: AppContext) {
  const explanations = new Map<string, Explanation>();
  const { db } = ctx;
  return {
    /**
     * Why the search chose what it chose: each flag's importance and the learned failure regions,
     * fitted on the trials so far. Results only ever append, so a session's explanation is
     * remembered until its next result.
     */
    async explain(sessionId: string, owner: string): Promise<Explanation> {
      const session = await ownSession(db, sessionId, owner);
      const results = await resultsInTrialOrder(db, session.id);
      const key = `${session.id}:${results.length}`;
      const remembered = explanations.get(key);
      if (remembered) return remembered;
      const setting = await db
        .selectFrom('benchmark_settings')
        .select('max_seq_length')
        .where('id', '=', session.setting_id)
        .executeTakeFirstOrThrow();
      const space = JSON.parse(session.search_space) as SearchSpace;
      let output: Explanation | { error: string };
      try {
        output = await ctx.explain({
          space: { parameters: space.parameters, rules: space.rules ?? [] },
          objective: { metric: session.objective_metric },
          trials: results.map((r) => trialOf(r, session.hardware_count)),
          context: { gpu_count: session.hardware_count, max_seq_length: setting.max_seq_length },
        });
      } catch (error) {
        ctx.log.error({ err: error, session: session.id }, 'explaining the session failed');
        throw new Failed('Internal search error');
      }
      // The space was checked when the session was created: an error here is the tuner's fault.
      if ('error' in output) throw new Failed(`Internal search error: ${output.error}`);
      explanations.set(key, output);
      // Only the latest state of a session is worth keeping; the map stays small.
      for (const stale of explanations.keys()) {
        if (explanations.size <= MAX_EXPLANATIONS) break;
        explanations.delete(stale);
      }
      return output;
    },
  };
}
