/**
 * The in-page half of fuzz.spec.ts, installed as an init script (so it runs before the page's
 * loader and svc.js). Bad values that only a page can make (throwing getters, Proxies, symbols,
 * BigInts) are made here; every call is counted per surface, every callback handed over is a
 * recorder, and every error that reaches the page is kept. Self-contained: Playwright sends this
 * function's source to the page.
 */

/** How a callback of a method must be answered (page-api §2 "Callback result shapes"). */
export type Kind = 'status' | 'offline' | 'prop' | 'call' | 'captcha' | 'ready';

export interface MethodSpec {
  /** Valid arguments; bad ones replace one at a time. */
  args?: unknown[];
  /** Position of the callback, when the method takes one. */
  cb?: number;
  kind?: Kind;
  /** Fields of the first argument (a request object), each replaced by bad values in turn. */
  fields?: string[];
  /** Positions whose `undefined`/`null` are valid (optional arguments). */
  optional?: number[];
  /** Fields whose answer depends on the server (types it checks): the callback must come, any success. */
  anyFields?: string[];
}

export interface FuzzReport {
  counts: Record<string, number>;
  /** Recorders not called exactly once, or answered in the wrong shape. */
  bad: string[];
  /** Recorders handed over, and how many have been called. */
  recorders: number;
  called: number;
  /** Labels of recorders not called yet (the first 40). */
  missing: string[];
  errors: string[];
}

declare global {
  interface Window {
    __fuzz: {
      errors: string[];
      counts: Record<string, number>;
      preload(table: Record<string, Record<string, MethodSpec>>, config: string[]): void;
      run(surface: string, table: Record<string, Record<string, MethodSpec>>, config: string[]): number;
      report(): FuzzReport;
    };
  }
}

export function harness(): void {
  const errors: string[] = [];
  window.addEventListener('error', (e) => errors.push('error: ' + e.message));
  window.addEventListener('unhandledrejection', (e) => errors.push('unhandledrejection: ' + String(e.reason)));
  const boom = (): never => {
    throw new Error('fuzz: trap');
  };
  const traps: ProxyHandler<object> = {};
  for (const t of [
    'get',
    'set',
    'has',
    'deleteProperty',
    'ownKeys',
    'getOwnPropertyDescriptor',
    'defineProperty',
    'getPrototypeOf',
    'setPrototypeOf',
    'isExtensible',
    'preventExtensions',
    'apply',
    'construct',
  ])
    (traps as Record<string, unknown>)[t] = boom;
  const proxy = <T extends object>(target: T): T => new Proxy(target, traps as ProxyHandler<T>);
  const NAMES = [
    'name',
    'email',
    'phone',
    'message',
    'is_sale',
    'sale_cost',
    'group_id',
    'form_name',
    'captcha_key',
    'captcha_value',
    'delayed_call_time',
    'category',
    'action',
    'value',
    'toString',
    'valueOf',
    'toJSON',
    'length',
    'then',
    '0',
  ];
  const getters = () => {
    const o = {};
    for (const k of NAMES) Object.defineProperty(o, k, { get: boom, enumerable: true });
    Object.defineProperty(o, Symbol.toPrimitive, { get: boom });
    Object.defineProperty(o, Symbol.iterator, { get: boom });
    return o;
  };
  const huge = 'x'.repeat(1 << 20);
  const XSS = '"><img src=x onerror="window.__fuzzXss=1">';
  /** [label, value, valid as a text argument] */
  const VALUES: Array<[string, unknown, boolean]> = [
    ['undefined', undefined, false],
    ['null', null, false],
    ['0', 0, true],
    ['-1', -1, true],
    ['1.5', 1.5, true],
    ['NaN', NaN, false],
    ['Infinity', Infinity, false],
    ['true', true, false],
    ['false', false, false],
    ['empty string', '', false],
    ['1 MB string', huge, false],
    ['markup string', XSS, true],
    ['empty array', [], false],
    ['array', [1, 'a', null], false],
    ['command-like array', ['trackEvent', 'x', 'y'], false],
    ['empty object', {}, false],
    ['object', { a: 1 }, false],
    ['prototype-less object', Object.create(null), false],
    ['throwing getters', getters(), false],
    ['proxy throwing on every trap', proxy({}), false],
    ['array proxy throwing on every trap', proxy([]), false],
    ['function proxy throwing on every trap', proxy(function () {}), false],
    ['function', function () {}, false],
    ['throwing function', boom, false],
    ['symbol', Symbol('fuzz'), false],
    ['bigint', BigInt(10), false],
    ['invalid date', new Date(NaN), false],
    ['throwing toJSON', { toJSON: boom }, false],
  ];

  /**
   * Values that JSON carries as no value (undefined, functions, symbols) or as null (NaN, ±Infinity,
   * an invalid Date): the snippet sends what the page passed as JSON, so they count as absent,
   * which is fine wherever the argument or field is optional.
   */
  const ABSENT = ['undefined', 'null', 'empty string', 'NaN', 'Infinity', 'function', 'throwing function', 'symbol', 'invalid date'];

  const counts: Record<string, number> = {};
  interface Rec {
    label: string;
    kind: string;
    bad: boolean;
    got: unknown[];
  }
  const recs: Rec[] = [];
  /** A callback that records its answer; `throws`: then throws, as a careless page's would. */
  const rec = (label: string, kind: string, bad: boolean, throws = false) => {
    const r: Rec = { label, kind, bad, got: [] };
    recs.push(r);
    return (v: unknown) => {
      r.got.push(v);
      if (throws) throw new Error('fuzz: callback throws');
    };
  };

  /** Every bad call of one method: [label, args]. */
  function cases(name: string, spec: MethodSpec): Array<[string, unknown[]]> {
    const out: Array<[string, unknown[]]> = [['no arguments', []]];
    const valid = spec.args || [];
    const cb = spec.cb ?? -1;
    const kind = spec.kind || '';
    const n = Math.max(valid.length, cb + 1);
    for (const [l, v] of VALUES) {
      out.push([l, [v]]);
      out.push([l + ' everywhere', [v, v, v, v, v]]);
    }
    for (let i = 0; i < n; i++) {
      if (i === cb) continue;
      for (const [l, v, text] of VALUES) {
        const a = valid.slice();
        a[i] = v;
        const label = `${name} arg ${i} = ${l}`;
        // A request object at position 0 (fields given): no bad value is one. Text arguments:
        // numbers are taken as text; an absent value is fine where the argument is optional.
        const ok = spec.fields && i === 0 ? false : text || ((spec.optional || []).includes(i) && ABSENT.includes(l));
        if (cb >= 0) a[cb] = rec(label, kind, !ok);
        out.push([label, a]);
      }
    }
    if (spec.fields && cb >= 0) {
      for (const f of spec.fields) {
        for (const [l, v, text] of VALUES) {
          const a = valid.slice();
          a[0] = { ...(valid[0] as object), [f]: v };
          const label = `${name} field ${f} = ${l}`;
          // Another field is filled: an empty one is no error; the server judges the types of some.
          const any = (spec.anyFields || []).includes(f) || text || ABSENT.includes(l);
          a[cb] = rec(label, kind, !any);
          out.push([label, a]);
        }
      }
    }
    if (cb >= 0) {
      for (const [l, v] of VALUES) {
        const a = valid.slice();
        a[cb] = v;
        out.push([`${name} callback = ${l}`, a]);
      }
      const a = valid.slice();
      a[cb] = rec(`${name} callback that throws`, kind, false, true);
      out.push([`${name} callback that throws`, a]);
    }
    return out;
  }

  function configCases(name: string, preload: boolean): unknown[][] {
    const out: unknown[][] = [[name]];
    for (const [, v] of VALUES) {
      // Before start a string is a legitimate relative consultant-server URL: not a bad value.
      if (preload && name === 'setCsHost' && typeof v === 'string') continue;
      out.push([name, v], [name, v, v, v]);
    }
    return out;
  }

  /** Malformed queue entries: not commands at all. */
  const junk = (): unknown[] => [
    ...VALUES.map(([, v]) => v),
    [],
    [undefined],
    [42, 'x'],
    ['noSuchMethod', 1],
    ['push', ['trackEvent', 'nested', 'push']],
    ['Captcha'],
    ['__proto__'],
    ['constructor'],
    ['hasOwnProperty', 'x'],
    ['toString'],
  ];

  const count = (surface: string, n = 1) => (counts[surface] = (counts[surface] || 0) + n);
  const call = (surface: string, fn: () => void) => {
    count(surface);
    try {
      fn();
    } catch (e) {
      errors.push(`thrown by ${surface}: ${e instanceof Error ? e.message : String(e)}`);
    }
  };

  window.__fuzz = {
    errors,
    counts,
    /** Fills the queue made before svc.js loads: every Svc method and config command, bad. */
    preload(table, config) {
      const q: unknown[] = ((window as unknown as { __cs: unknown[] }).__cs = (window as unknown as { __cs?: unknown[] }).__cs || []);
      const s = '__cs before load';
      const add = (c: unknown) => {
        q.push(c);
        count(s);
      };
      for (const c of junk()) add(c);
      for (const name of config) for (const c of configCases(name, true)) add(c);
      for (const [name, spec] of Object.entries(table.Svc!)) {
        if (name === 'push') continue;
        for (const [, args] of cases(name, spec)) add([name, ...args]);
      }
    },
    /** Runs the barrage on one surface of the loaded snippet; returns the calls tried. */
    run(surface, table, config) {
      const before = counts[surface] || 0;
      const w = window as unknown as Record<string, Record<string, (...a: unknown[]) => unknown>>;
      if (surface === '__cs.push after load' || surface === 'Svc.push') {
        const push = (c: unknown[]) =>
          surface === 'Svc.push' ? w.Svc!.push!(...c) : (w.__cs as unknown as { push(...c: unknown[]): unknown }).push(...c);
        for (const c of junk()) call(surface, () => push([c]));
        for (const c of junk()) call(surface, () => push([c, c]));
        for (const name of config) for (const c of configCases(name, false)) call(surface, () => push([c]));
        for (const [name, spec] of Object.entries(table.Svc!)) {
          if (name === 'push') continue;
          for (const [, args] of cases(name, spec)) call(surface, () => push([[name, ...args]]));
        }
      } else {
        const target =
          surface === 'Svc.Captcha' ? (w.Svc!.Captcha as unknown as Record<string, (...a: unknown[]) => unknown>) : w[surface]!;
        // Every function on the live object; the table says how to call the known ones.
        for (const name of Object.keys(target)) {
          if (typeof target[name] !== 'function') continue;
          const spec = table[surface]![name] || { args: ['x', 'y', 'z'] };
          if (name === 'push') {
            for (const c of junk()) call(surface, () => target.push!(c));
            continue;
          }
          for (const [, args] of cases(name, spec)) call(surface, () => target[name]!(...args));
        }
      }
      return counts[surface]! - before;
    },
    report() {
      const bad: string[] = [];
      let called = 0;
      for (const r of recs) {
        if (r.got.length) called++;
        const x = r.got[0] as Record<string, unknown> | undefined;
        const shape =
          r.kind === 'ready'
            ? !!x && typeof x.visitor_id === 'number'
            : r.kind === 'captcha'
              ? !!x && ((typeof x.key === 'string' && typeof x.url === 'string') || x.success === false)
              : !!x &&
                typeof x.success === 'boolean' &&
                (!r.kind.startsWith('offline') || 'result' in x) &&
                (!r.kind.startsWith('call') || (!!x.result && typeof (x.result as { status?: unknown }).status === 'number'));
        if (r.got.length !== 1) bad.push(`${r.label}: called ${r.got.length} times`);
        else if (!shape) bad.push(`${r.label}: answered ${JSON.stringify(x)}`);
        else if (r.bad && x!.success !== false) bad.push(`${r.label}: bad input answered ${JSON.stringify(x)}`);
      }
      const missing = recs
        .filter((r) => !r.got.length)
        .map((r) => r.label)
        .slice(0, 40);
      return { counts, bad, recorders: recs.length, called, missing, errors: errors.slice() };
    },
  };
}
