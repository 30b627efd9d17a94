import type { RouteDecl } from '../../shared/routes/types';
import { isParam } from '../../shared/routes/derive';

/** Route matching over a list of declared routes (no React, no DOM): the manifest's in access.ts. */

export type Params = Record<string, string>;
export interface RouteMatch {
  route: RouteDecl;
  params: Params;
}

type Segment =
  | { kind: 'static'; text: string }
  | { kind: 'param'; name: string; optional: boolean; prefix: string; suffix: string };

export function parseSegment(segment: string): Segment {
  if (!isParam(segment)) return { kind: 'static', text: segment.toLowerCase() };
  if (segment.startsWith('$')) return { kind: 'param', name: segment.slice(1), optional: false, prefix: '', suffix: '' };
  const m = /^(.*)\{(-?)\$([A-Za-z0-9_]+)\}(.*)$/.exec(segment);
  if (!m) throw new Error(`Unsupported route segment: ${segment}`);
  return { kind: 'param', name: m[3] ?? '', optional: m[2] === '-', prefix: m[1] ?? '', suffix: m[4] ?? '' };
}

export const split = (path: string) => path.split('/').filter(Boolean);

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** Scores per path segment: a static segment beats an affixed parameter, which beats a bare one. */
interface Candidate {
  params: Params;
  scores: number[];
  skipped: number;
}

function matchSegments(pattern: Segment[], parts: string[], pi = 0, si = 0): Candidate | null {
  if (pi === pattern.length) return si === parts.length ? { params: {}, scores: [], skipped: 0 } : null;
  const seg = pattern[pi]!;
  const part = parts[si];
  if (part !== undefined) {
    let score = 0;
    let value: string | undefined;
    if (seg.kind === 'static') {
      if (part.toLowerCase() === seg.text) score = 3;
    } else if (part.length > seg.prefix.length + seg.suffix.length && part.startsWith(seg.prefix) && part.endsWith(seg.suffix)) {
      score = seg.prefix || seg.suffix ? 2 : 1;
      value = decode(part.slice(seg.prefix.length, part.length - seg.suffix.length));
    }
    if (score) {
      const rest = matchSegments(pattern, parts, pi + 1, si + 1);
      if (rest) {
        if (seg.kind === 'param' && value !== undefined) rest.params[seg.name] = value;
        rest.scores.unshift(score);
        return rest;
      }
    }
  }
  if (seg.kind === 'param' && seg.optional) {
    const rest = matchSegments(pattern, parts, pi + 1, si);
    if (rest) rest.skipped += 1;
    return rest;
  }
  return null;
}

function better(a: Candidate, b: Candidate): boolean {
  for (let i = 0; i < a.scores.length; i++) {
    const d = (a.scores[i] ?? 0) - (b.scores[i] ?? 0);
    if (d) return d > 0;
  }
  return a.skipped < b.skipped;
}

export const normalize = (pathname: string) => '/' + split(pathname).join('/');

/**
 * The matcher of `routes`: the declared route for a pathname (without the /v2 base; a trailing
 * slash is ignored). Static segments beat parameters; optional parameters match absent segments.
 */
export function createMatcher(routes: readonly RouteDecl[]): (pathname: string) => RouteMatch | null {
  const compiled = routes.map((route) => ({ route, segments: split(route.path).map(parseSegment) }));
  return (pathname) => {
    const parts = split(pathname);
    let best: { route: RouteDecl; candidate: Candidate } | null = null;
    for (const { route, segments } of compiled) {
      const candidate = matchSegments(segments, parts);
      if (candidate && (!best || better(candidate, best.candidate))) best = { route, candidate };
    }
    return best && { route: best.route, params: best.candidate.params };
  };
}
