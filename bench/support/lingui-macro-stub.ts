import type { MessageDescriptor } from '@lingui/core';

/**
 * Lingui's core macros without the Lingui compiler: the app's modules the benches bundle with
 * esbuild (app-bundle.ts) are not run through the Babel macro. The English text stands in for
 * the message; the benches never show one to a person.
 */
const english = (strings: TemplateStringsArray, values: unknown[]) =>
  strings.reduce((text, part, i) => text + part + (i < values.length ? `{${i}}` : ''), '');

export function msg(strings: TemplateStringsArray, ...values: unknown[]): MessageDescriptor {
  const message = english(strings, values);
  return { id: message, message };
}

export function t(strings: TemplateStringsArray, ...values: unknown[]): string {
  return strings.reduce((text, part, i) => text + part + (i < values.length ? String(values[i]) : ''), '');
}
