import { describe, expect, test } from 'vitest';
import { msg } from '@lingui/core/macro';
import type { MenuEntry } from '../../routes/access';
import { screensMatching } from './screen-label';

const entries: MenuEntry[] = [
  { path: '/inbound/counting', title: msg`Counting`, trail: [] },
  { path: '/inbound/standardputaway', title: msg`Standard Putaway`, trail: [] },
  { path: '/inbound/massputaway', title: msg`Mass Putaway`, trail: [] },
];
const titleOf = (e: MenuEntry) => e.title.message ?? '';
const paths = (value: string) => screensMatching(entries, value, titleOf).map((e) => e.path);

describe('screensMatching', () => {
  test('a printed screen label opens exactly its screen, with or without the prefix and /v2', () => {
    expect(paths('tally:/inbound/counting')).toEqual(['/inbound/counting']);
    expect(paths('TALLY:/inbound/counting')).toEqual(['/inbound/counting']);
    expect(paths('/v2/inbound/counting')).toEqual(['/inbound/counting']);
    expect(paths(' /inbound/massputaway ')).toEqual(['/inbound/massputaway']);
  });
  test('otherwise every screen whose title contains the text, ignoring case', () => {
    expect(paths('putaway')).toEqual(['/inbound/standardputaway', '/inbound/massputaway']);
    expect(paths('COUNT')).toEqual(['/inbound/counting']);
  });
  test('a label for a screen the user may not open matches nothing', () => {
    expect(paths('tally:/salesoutbound/picking')).toEqual([]);
  });
});
