// What every admin wire fault shares: the selection flags (--path, --times, --rate, --seed), and
// applying it as a rule of the admin stand-in's wire faults (stand-in/admin-server/faults/), which
// acts between the stand-in's socket and its controllers.
import type { WireAction } from '../../stand-in/admin-server/faults/action.js';
import { globMeetsRoutes } from '../../stand-in/admin-server/faults/selection.js';
import type { FaultRule } from '../../stand-in/admin-server/faults/wire-faults.js';
import { FaultError, requireAdmin, type Fault, type FaultTarget, type FaultValues, type Param } from './fault.js';
import { label } from './params.js';
import { t } from '../i18n/index.js';

export const SELECTION_PARAMS: readonly Param[] = [
  { name: 'path', flag: true, type: 'glob', placeholder: 'GLOB', describe: t('fault.wire.path'), example: '/admin/employee/**' },
  { name: 'times', flag: true, type: 'integer', min: 1, max: 1_000_000, placeholder: 'N', describe: t('fault.wire.times'), example: '1' },
  { name: 'rate', flag: true, type: 'fraction', placeholder: 'P', describe: t('fault.wire.rate'), example: '0.5' },
  { name: 'seed', flag: true, type: 'integer', min: 0, max: 4_294_967_295, placeholder: 'S', describe: t('fault.wire.seed'), example: '42' },
];

export interface WireFaultDefinition {
  name: string;
  summary: string;
  brief: string;
  texts: Fault['texts'];
  alias?: string;
  /** Its failures count against nginx's peer (Fault.marksPeerDown). */
  marksPeerDown?: boolean;
  /** Its own params, before the selection flags. */
  params?: readonly Param[];
  /** What is wrong with a combination of values (the params check each value alone). */
  check?(values: FaultValues): string | undefined;
  /** Whether it draws random numbers beyond --rate (latency's --jitter): its seed is then worth showing. */
  random?(values: FaultValues): boolean;
  effect?(target: FaultTarget, values: FaultValues): string;
  action(values: FaultValues): WireAction;
}

export function wireFault(d: WireFaultDefinition): Fault {
  const fault: Fault = {
    name: d.name,
    summary: d.summary,
    brief: d.brief,
    texts: d.texts,
    alias: d.alias,
    marksPeerDown: d.marksPeerDown,
    params: [...(d.params ?? []), ...SELECTION_PARAMS],
    effect: d.effect,
    async apply(target, values) {
      const wrong = d.check?.(values);
      if (wrong) throw new FaultError(wrong);
      const admin = requireAdmin(target);
      const path = values.path as string | undefined;
      const rule = admin.faults.add({
        label: label(fault, values),
        action: d.action(values),
        path,
        times: values.times as number | undefined,
        rate: values.rate as number | undefined,
        seed: values.seed as number | undefined,
      });
      const warnings: string[] = [];
      const routes = path === undefined ? undefined : await admin.routePaths();
      if (path !== undefined && routes && !globMeetsRoutes(path, routes)) {
        warnings.push(t('fault.wire.noPathMatch', { path, resources: resources(routes) }));
      }
      if (admin.mode === 'down') warnings.push(t('fault.wire.adminDown'));
      const random = values.rate !== undefined || d.random?.(values) === true;
      return { undo: async () => void admin.faults.remove(rule.id), progress: () => progress(rule, random), warnings };
    },
  };
  return fault;
}

/** The controllers' paths by resource: `/admin/employee/**, /admin/category/**, ...`. */
function resources(routes: readonly string[]): string {
  return [...new Set(routes.map((r) => r.split('/').slice(0, 3).join('/') + '/**'))].join(', ');
}

/** `acted on 2 of 3 requests (5 matched --path); seed 42` */
function progress(rule: FaultRule, random: boolean): string {
  const s = rule.selection;
  const times = s.o.times !== undefined ? t('fault.wire.timesOf', { applied: s.applied, times: s.o.times }) + (s.spent ? t('fault.wire.usedUp') : '') : t(s.applied === 1 ? 'fault.wire.oneRequest' : 'fault.wire.requests', { applied: s.applied });
  const matched = s.o.path !== undefined || s.o.rate !== undefined ? t(s.o.path !== undefined ? 'fault.wire.matchedPath' : 'fault.wire.matched', { matched: s.matched }) : '';
  const seed = random ? t('fault.wire.seedWas', { seed: s.seed }) + (s.o.seed === undefined ? t('fault.wire.repeatSeed', { seed: s.seed }) : '') : '';
  return t('fault.wire.actedOn', { what: times + matched + seed });
}
