import type { FastifyInstance } from 'fastify';
import { badRequest } from '../engine/errors';

/**
 * JSON bodies, with one leniency: clients (the official Node SDK among them) send
 * `Content-Type: application/json` on GET and DELETE with no body, which must not be a 400.
 */
export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(badRequest('body is not valid JSON'), undefined);
    }
  });
}
