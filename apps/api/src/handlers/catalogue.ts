import { ENGINE_FLAG_LISTS, type Benchmark, type ListAnswer } from '@mako/contract';
import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/register.ts';
import { JsonText } from '../http/json-text.ts';
import type { Principal } from '../services/principal.ts';
import { listAnswerBody } from '../services/benchmarks/documents.ts';
import { toSetting } from '../services/benchmarks/settings.ts';
import {
  bestSetup,
  createBenchmark,
  deleteBenchmark,
  patchBenchmark,
  searchList,
  settingBenchmarksList,
  settingsList,
  visibleBenchmark,
  visibleSetting,
  type DocumentList,
} from '../services/catalogue.ts';
import { Forbidden, NotFound } from '../services/errors.ts';

/** `owned_by` names the caller (as `me` or their id); naming anyone else is refused. */
function ownedByMe(ownedBy: string | undefined, principal: Principal): boolean {
  if (ownedBy === undefined) return false;
  if (ownedBy === 'me' || ownedBy === principal.user.id) return true;
  throw new Forbidden('owned_by must be "me" or your own user id');
}

/** A page of benchmarks as the JSON the API sends: stored answers spliced, nothing parsed or re-serialised. */
const listAnswerJson = ({ data, count }: DocumentList): JsonText<ListAnswer<Benchmark>> =>
  new JsonText(listAnswerBody(data, count));

type BenchmarkHandlers = Pick<
  Handlers,
  | 'createBenchmark'
  | 'listSettings'
  | 'getSetting'
  | 'listBySetting'
  | 'listBySettingNoSession'
  | 'getBenchmark'
  | 'searchBenchmarks'
  | 'supportedRuntimeOptions'
  | 'bestBenchmarkReport'
  | 'deleteBenchmark'
  | 'patchBenchmark'
>;

export function catalogueHandlers(ctx: AppContext): BenchmarkHandlers {
  const { db } = ctx;

  async function bySetting(
    settingId: string,
    query: { owned_by?: string; limit: number; offset: number },
    principal: Principal,
    withoutSession: boolean,
  ) {
    const viewer = principal.user.id;
    await visibleSetting(db, settingId, viewer);
    const mine = ownedByMe(query.owned_by, principal);
    return listAnswerJson(
      await settingBenchmarksList(db, settingId, viewer, {
        mine,
        withoutSession,
        limit: query.limit,
        offset: query.offset,
      }),
    );
  }

  return {
    createBenchmark: ({ principal, body }) =>
      createBenchmark(db, ctx.now, principal.user.id, body, principal.via === 'api_token'),

    async listSettings({ principal, query }) {
      const mine = ownedByMe(query.owned_by, principal);
      return settingsList(db, principal.user.id, mine, query.limit, query.offset);
    },

    async getSetting({ principal, params }) {
      return toSetting(await visibleSetting(db, params.setting_id, principal.user.id), principal.user.id);
    },

    listBySetting: ({ principal, params, query }) => bySetting(params.setting_id, query, principal, false),
    listBySettingNoSession: ({ principal, params, query }) => bySetting(params.setting_id, query, principal, true),

    getBenchmark: ({ principal, params }) => visibleBenchmark(db, params.benchmark_id, principal.user.id),

    async searchBenchmarks({ principal, query, catalogueVersion }) {
      return listAnswerJson(await searchList(db, ctx.counts, query, principal?.user.id ?? null, catalogueVersion));
    },

    async supportedRuntimeOptions() {
      return { runtimes: [...ENGINE_FLAG_LISTS] };
    },

    async bestBenchmarkReport({ principal, query }) {
      const report = await bestSetup(db, principal.user.id, query.model_name, query.hardware_name, query.objective);
      if (!report) throw new NotFound('No benchmarks found for this model and hardware');
      const { objectiveValue: _value, ...answer } = report;
      return answer;
    },

    async deleteBenchmark({ principal, params }) {
      await deleteBenchmark(db, params.benchmark_id, principal.user.id);
      return { message: 'Benchmark deleted' };
    },

    patchBenchmark: ({ principal, params, body }) => patchBenchmark(db, params.benchmark_id, principal.user.id, body),
  };
}
