// The PDV file exchange (integration/tef-dial) beside the PDV API, kept in step with the settings
// as keepPdvServer keeps the API: started when the owner turned it on, started again on another
// folder, stopped when turned off (a status event follows every save). A folder that cannot be
// used is said in the log; the counter sells on.
import type { Settings } from '#shared/counter/counter-api';
import type { PdvRuntime } from '../../app/counter-runtime';
import { TEF_DIAL_INTEGRATION, TefDialExchange } from '../../integration/tef-dial/tef-dial-exchange';
import { followSettings } from './follow-settings';

export interface TefDialHostRuntime {
  pdv: Pick<PdvRuntime, 'sales' | 'tokens'>;
  settings: { get(): Pick<Settings, 'pdvFileExchange'> };
  events: { subscribe(listener: (event: { type: string }) => void): () => void };
}

export interface TefDialKeeper {
  /** The folder answered now, if any. */
  folder(): string | undefined;
  stop(): Promise<void>;
}

export function keepTefDial(
  runtime: TefDialHostRuntime,
  options: { pollMs?: number; log?: (line: string) => void } = {},
): TefDialKeeper {
  const log = options.log ?? ((line: string) => console.warn(line));
  const wanted = () => {
    const exchange = runtime.settings.get().pdvFileExchange;
    return exchange?.enabled ? exchange.folder : undefined;
  };
  const follower = followSettings({
    events: runtime.events,
    wanted,
    async start() {
      const folder = wanted();
      if (folder === undefined) return undefined;
      const exchange = new TefDialExchange({
        folder,
        sales: runtime.pdv.sales,
        integration: () => runtime.pdv.tokens.system(TEF_DIAL_INTEGRATION.id, TEF_DIAL_INTEGRATION.name),
        now: () => new Date(),
        ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }),
        log,
      });
      exchange.start();
      log(`[tef-dial] answering the PDV's requests in ${folder}`);
      return { exchange, folder };
    },
    end: ({ exchange }) => exchange.stop(),
  });
  return {
    folder: () => follower.current()?.folder,
    stop: () => follower.stop(),
  };
}
