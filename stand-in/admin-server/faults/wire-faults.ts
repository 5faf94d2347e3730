// The stand-in's wire faults: the rules in force, and the one place every request goes through
// between the server's socket and its controllers. Per request: every matching delay adds up; of
// the faults that answer, the newest matching one does; of each kind of shaping fault (head, truncate,
// pace, end), the newest matching one shapes the answer's bytes, unless the answer is not HTTP. A
// fault counts a request only where it acted on it (its --times), and draws its chance (its --rate)
// for every request its path matches.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { AnswerAction, DelayAction, DeliveryPlan, ShapeAction, ShapeKind, WireAction } from './action.js';
import { Selection, pathOf, type SelectionOptions } from './selection.js';
import { captureAnswer, deliver, requestRead } from './answer.js';

export interface FaultRuleOptions extends SelectionOptions {
  /** How it is named to the user: `admin.reset --path /admin/employee/**`. */
  label: string;
  action: WireAction;
}

export interface FaultRule {
  readonly id: number;
  readonly label: string;
  readonly action: WireAction;
  readonly selection: Selection;
}

interface Rule extends FaultRule {
  /** Requests it holds unanswered (admin.hang): each is answered by the controller when the rule goes. */
  readonly held: Set<() => void>;
}

const SHAPE_ORDER: readonly ShapeKind[] = ['head', 'truncate', 'pace', 'end'];

export class WireFaults {
  #rules: Rule[] = [];
  #nextId = 1;

  /** The rules in force, oldest first. */
  get rules(): readonly FaultRule[] {
    return this.#rules;
  }

  add(o: FaultRuleOptions): FaultRule {
    const { label, action, ...selection } = o;
    const rule: Rule = { id: this.#nextId++, label, action, selection: new Selection(selection), held: new Set() };
    this.#rules.push(rule);
    return rule;
  }

  /** Removes a rule; the requests it held are answered now. False when there is no such rule. */
  remove(id: number): boolean {
    const rule = this.#rules.find((r) => r.id === id);
    if (!rule) return false;
    this.#rules = this.#rules.filter((r) => r !== rule);
    for (const release of rule.held) release();
    rule.held.clear();
    return true;
  }

  clear(): void {
    for (const r of [...this.#rules]) this.remove(r.id);
  }

  /**
   * Handles one request: `dispatch` hands it to the controllers, `answerStatus` answers with a
   * status as the real server does. Returns the labels of the faults that act on it.
   */
  handle(req: IncomingMessage, res: ServerResponse, dispatch: () => void, answerStatus: (status: number) => void): string[] {
    if (!this.#rules.length) {
      dispatch();
      return [];
    }
    const path = pathOf(req.url);
    const taken = this.#rules.filter((r) => r.selection.takes(path));
    const delays = taken.filter((r): r is Rule & { action: DelayAction } => r.action.stage === 'delay');
    const answer = taken.findLast((r): r is Rule & { action: AnswerAction } => r.action.stage === 'answer');
    const shapes =
      answer?.action.answers === 'wire'
        ? []
        : SHAPE_ORDER.flatMap((kind) => taken.findLast((r): r is Rule & { action: ShapeAction } => r.action.stage === 'shape' && r.action.kind === kind) ?? []);
    const acting = [...delays, ...(answer ? [answer] : []), ...shapes];
    for (const r of acting) r.selection.applied++;
    if (!acting.length) {
      dispatch();
      return [];
    }

    const go = () => {
      if (res.destroyed) return;
      if (shapes.length) {
        captureAnswer(res, (body) => {
          const plan: DeliveryPlan = { headers: [], body, contentLength: 'keep', endAfterMs: 0, end: 'end' };
          for (const s of shapes) s.action.shape(plan);
          deliver(req, res, body, plan);
        });
      }
      if (!answer) return dispatch();
      answer.action.answer({
        req,
        socket: req.socket as Socket,
        requestRead: () => requestRead(req),
        answerStatus,
        random: answer.selection.random,
        hold: () => {
          const release = () => {
            answer.held.delete(release);
            if (!res.destroyed) dispatch();
          };
          answer.held.add(release);
          res.once('close', () => answer.held.delete(release));
        },
      });
    };
    const delayMs = delays.reduce((sum, r) => sum + r.action.delayMs(r.selection.random), 0);
    if (delayMs > 0) {
      const timer = setTimeout(go, delayMs);
      res.once('close', () => clearTimeout(timer));
    } else {
      go();
    }
    return acting.map((r) => r.label);
  }
}
