/** Small helpers shared by the benchmarks. */
import { fileURLToPath } from 'node:url';
import { dirname } from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

export const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
export const now = () => performance.now();
/** Full GC when node runs with --expose-gc (npm run bench does), else nothing. */
export const gc = () => globalThis.gc?.();

/** Least-squares slope of y against x. */
export function slope(xs, ys) {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i] - mx) * (ys[i] - my);
    sxx += (xs[i] - mx) ** 2;
  }
  return sxy / sxx;
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export function mean(xs) {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}

export function sd(xs) {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / Math.max(1, xs.length - 1));
}

/** Two-sided p-value of a standard normal z. */
export function pNormal(z) {
  return 2 * (1 - phi(Math.abs(z)));
}

function phi(x) {
  // Abramowitz–Stegun 7.1.26 via erf
  const t = 1 / (1 + 0.3275911 * (x / Math.SQRT2));
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-(x * x) / 2);
  return 0.5 * (1 + y);
}

/** Two-proportion z-test (pooled). */
export function twoProportion(k1, n1, k2, n2) {
  const p1 = k1 / n1;
  const p2 = k2 / n2;
  const p = (k1 + k2) / (n1 + n2);
  const se = Math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2));
  const z = se === 0 ? 0 : (p1 - p2) / se;
  return { p1, p2, diff: p1 - p2, z, p: pNormal(z) };
}

/** Welch z-test of two means (large samples). */
export function twoMeans(a, b) {
  const ma = mean(a);
  const mb = mean(b);
  const se = Math.sqrt(sd(a) ** 2 / a.length + sd(b) ** 2 / b.length);
  const z = se === 0 ? 0 : (ma - mb) / se;
  return { m1: ma, m2: mb, diff: ma - mb, z, p: pNormal(z) };
}

export const fmt = (x, d = 0) =>
  typeof x === 'number' ? x.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d }) : String(x);

/** CPU ticks (1/100 s) of each thread of this process now, by thread id. */
export function threadTicks() {
  const out = new Map();
  for (const t of readdirSync('/proc/self/task')) {
    try {
      const st = readFileSync(`/proc/self/task/${t}/stat`, 'utf8');
      const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
      out.set(t, Number(f[11]) + Number(f[12]));
    } catch {
      // the thread ended
    }
  }
  return out;
}
