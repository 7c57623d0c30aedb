import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Engine } from '../engine/engine';
import { KYC_NOT_FOUND_HTML, KYC_PAGE_CSP, kycFormHtml, kycResultHtml } from './kyc-onboarding-html';

// The page behind a KYC onboarding's linkOnboarding (`/kyc/onboarding/<token>`). Public (no
// AppID): the merchant opens it from the link a partner sent. The token, random and the
// service's own, is the only key; the form posts back to the same address with names only.
// After a submission the browser is sent back to the page (303), so a reload never posts again;
// posting twice anyway changes nothing (Engine.submitKycOnboarding).

/** A form of one register is a few names; anything bigger is not this page's. */
const FORM_BODY_LIMIT = 64 * 1024;

function html(reply: FastifyReply, status: number, body: string): FastifyReply {
  return (
    reply
      .code(status)
      .header('content-security-policy', KYC_PAGE_CSP)
      .header('x-content-type-options', 'nosniff')
      // The token is in the address: never send it on to the redirectUrl or anywhere else.
      .header('referrer-policy', 'no-referrer')
      // The state changes under the merchant (submitted, then decided): always ask again.
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(body)
  );
}

export function registerKycOnboardingPage(app: FastifyInstance, engine: Engine): void {
  // Its own scope, so the form's content type is parsed here and nowhere else in the API.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => {
        done(null, new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8')));
      },
    );

    scope.get<{ Params: { token: string } }>('/kyc/onboarding/:token', async (request, reply) => {
      const view = await engine.kycOnboarding(request.params.token);
      if (!view) return html(reply, 404, KYC_NOT_FOUND_HTML);
      if (view.status === 'PENDING') return html(reply, 200, kycFormHtml(request.params.token, view));
      return html(reply, 200, kycResultHtml({ ...view, status: view.status }));
    });

    scope.post<{ Params: { token: string } }>('/kyc/onboarding/:token', async (request, reply) => {
      const { token } = request.params;
      // Any other body (JSON, none) is a form without fields: refused field by field.
      const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      const result = await engine.submitKycOnboarding(token, {
        officialName: form.get('officialName'),
        tradeName: form.get('tradeName') ?? '',
        representativeNames: form.getAll('representativeName'),
      });
      if (result.outcome === 'not-found') return html(reply, 404, KYC_NOT_FOUND_HTML);
      if (result.outcome === 'invalid') return html(reply, 400, kycFormHtml(token, result.values, result.errors));
      return reply
        .header('referrer-policy', 'no-referrer')
        .redirect(`/kyc/onboarding/${encodeURIComponent(token)}`, 303);
    });
  });
}
