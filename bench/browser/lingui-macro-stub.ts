import type { MessageDescriptor } from '@lingui/core';

/**
 * `msg` without the Lingui compiler: the outbox bundle is built by esbuild, which does not run
 * the Babel macro. The message text is only shown on a refusal, which the bench never makes.
 */
export function msg(strings: TemplateStringsArray, ...values: unknown[]): MessageDescriptor {
  const message = strings.reduce((text, part, i) => text + part + (i < values.length ? `{${i}}` : ''), '');
  return { id: message, message };
}
