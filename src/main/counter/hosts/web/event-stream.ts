// CounterEvents as Server-Sent Events. Each browser tab holds one stream, named by the tab's page id,
// and hears the events that are for it (call-origin.ts); the host ends them all when it closes,
// or the server would wait on them forever.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CounterEvents } from '../../app/event-hub';
import { reaches, type CallOrigin } from '../../ports/call-origin';

const HEARTBEAT_MS = 15_000;

export class EventStreams {
  private readonly open = new Set<() => void>();

  constructor(private readonly events: CounterEvents) {}

  /** `tab`: the page the stream is for; a stream without one hears every event. */
  serve(request: FastifyRequest, reply: FastifyReply, tab?: CallOrigin): void {
    reply.hijack();
    const out = reply.raw;
    out.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Content-Type-Options': 'nosniff',
    });
    // `retry` makes the browser reconnect within a second after the host restarts.
    out.write('retry: 1000\n: conectado\n\n');
    const unsubscribe = this.events.subscribe((event, audience) => {
      if (reaches(audience, tab)) out.write(`data: ${JSON.stringify(event)}\n\n`);
    });
    const heartbeat = setInterval(() => out.write(': ping\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    const end = () => {
      clearInterval(heartbeat);
      unsubscribe();
      this.open.delete(end);
      if (!out.writableEnded) out.end();
    };
    this.open.add(end);
    request.raw.on('close', end);
  }

  endAll(): void {
    for (const end of [...this.open]) end();
  }
}
