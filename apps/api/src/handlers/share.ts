import type { PublicSetting } from '@mako/contract';
import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/register.ts';
import { JsonText } from '../http/json-text.ts';
import { publicBenchmark, publicSetting, sharedSessions } from '../services/share.ts';

type ShareHandlers = Pick<Handlers, 'publicBenchmark' | 'publicSetting' | 'publicTuningSession' | 'shareSession'>;

export function shareHandlers(ctx: AppContext): ShareHandlers {
  const shared = sharedSessions(ctx);
  return {
    publicBenchmark: ({ params }) => publicBenchmark(ctx, params.benchmark_id),

    async publicSetting({ params }) {
      const { setting, benchmarks } = await publicSetting(ctx, params.setting_id);
      // The benchmarks are their stored answers, spliced in as they are (see listAnswerBody).
      const head = `{"setting":${JSON.stringify(setting)},"benchmarks":[`;
      const { data } = benchmarks;
      return new JsonText<PublicSetting>(
        Buffer.isBuffer(data) ? Buffer.concat([Buffer.from(head), data, Buffer.from(']}')]) : `${head}${data}]}`,
      );
    },

    publicTuningSession: ({ params }) => shared.read(params.session_id),

    shareSession: ({ principal, params, body }) => shared.setShared(params.session_id, principal.user.id, body.shared),
  };
}
