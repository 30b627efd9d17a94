import { describe, expect, test } from 'vitest';
import { DEVICE_PLATFORM } from '../../shared/notification-sounds';
import { detectDeviceKind, platformOf } from './device';

const UA = {
  nq1000: 'Mozilla/5.0 (Linux; Android 10; NQ1000 Build/QKQ1.200816.002) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/118.0.5993.111 Safari/537.36',
  zebraTc52: 'Mozilla/5.0 (Linux; Android 11; TC52 Build/11-49-09.00-RG-U00-STD-HEL-04; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36',
  honeywellCt40: 'Mozilla/5.0 (Linux; Android 9; CT40 Build/PKQ1.190321.001) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.5414.86 Safari/537.36',
  urovo: 'Mozilla/5.0 (Linux; Android 9; Urovo DT40 Build/PKQ1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/96.0.4664.104 Safari/537.36',
  androidPhone: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  windowsChrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  linuxChromium: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
};

describe('detectDeviceKind', () => {
  test('spec §9: an NQ1000 user agent is the tablet', () => {
    expect(detectDeviceKind(UA.nq1000)).toBe('tablet');
  });
  test('rugged handhelds are PDAs, also when their browser does not say Mobile', () => {
    expect(detectDeviceKind(UA.zebraTc52)).toBe('pda');
    expect(detectDeviceKind(UA.honeywellCt40)).toBe('pda');
    expect(detectDeviceKind(UA.urovo)).toBe('pda');
  });
  test('phones are PDAs', () => {
    expect(detectDeviceKind(UA.androidPhone)).toBe('pda');
    expect(detectDeviceKind(UA.iphone)).toBe('pda');
  });
  test('desktops and ordinary tablets are PCs', () => {
    expect(detectDeviceKind(UA.windowsChrome)).toBe('pc');
    expect(detectDeviceKind(UA.linuxChromium)).toBe('pc');
    expect(detectDeviceKind(UA.androidTablet)).toBe('pc');
  });
});

test('PDAs and tablets use the PDA sound settings (spec §3 platform PC 1 / PDA 2)', () => {
  expect(platformOf('pc')).toBe(DEVICE_PLATFORM.PC);
  expect(platformOf('pda')).toBe(DEVICE_PLATFORM.PDA);
  expect(platformOf('tablet')).toBe(DEVICE_PLATFORM.PDA);
});
