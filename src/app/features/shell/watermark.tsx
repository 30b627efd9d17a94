import { useEffect, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { timeRegionOrDefault } from '../../../shared/warehouse';

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

/** "2025-11-22 14:05" in the warehouse's time zone. */
function formatNow(timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(new Date());
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

function useMinuteClock(timeZone: string): string {
  const [now, setNow] = useState(() => formatNow(timeZone));
  useEffect(() => {
    setNow(formatNow(timeZone));
    const timer = window.setInterval(() => setNow(formatNow(timeZone)), 60_000);
    return () => window.clearInterval(timer);
  }, [timeZone]);
  return now;
}

/**
 * The watermark of spec §2: the user's email, the warehouse's current time and a confidential
 * notice, tiled diagonally over everything. It never takes clicks (pointer-events: none).
 */
export function Watermark({ email, timeRegion }: { email: string; timeRegion: string | undefined }) {
  const { t } = useLingui();
  useEffect(() => {
    if (!timeRegion) console.warn('The warehouse has no time region: times are shown for Asia/Shanghai.');
  }, [timeRegion]);
  const now = useMinuteClock(timeRegionOrDefault(timeRegion));
  const confidential = t`Confidential`;
  const background = useMemo(() => {
    const lines = [email, now, confidential].map((line, i) =>
      `<text x="0" y="${i * 22}" text-anchor="middle">${escapeXml(line)}</text>`).join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="340" height="220"><g transform="translate(170 100) rotate(-25)" font-family="system-ui, sans-serif" font-size="15" fill="#000">${lines}</g></svg>`;
    return `url("data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}")`;
  }, [email, now, confidential]);
  return (
    <div
      aria-hidden="true"
      data-testid="watermark"
      style={{
        position: 'fixed', inset: 0, zIndex: 10_000, pointerEvents: 'none', opacity: 0.07,
        backgroundImage: background, backgroundRepeat: 'repeat',
      }}
    />
  );
}
