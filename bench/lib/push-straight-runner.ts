// The push benchmark's baseline sender: pushes sent straight to the receiver from a process of its own
// (as the server sends from its own), with the server's sendPush, `atOnce` at a time.
import { mapLimited } from '@trowel/server/src/lib/map-limited.ts';
import { sendPush, type PushTarget } from '@trowel/server/src/modules/push/push-sender.ts';
import type { VapidDetails } from '@trowel/server/src/modules/push/vapid-keys.ts';
import type { PushPayload } from '@trowel/shared/push/push.schemas.ts';

export interface StraightRequest {
  vapid: VapidDetails;
  targets: PushTarget[];
  atOnce: number;
  payload: PushPayload;
}

export interface StraightAnswer {
  seconds: number;
  refused: number;
}

process.once('message', (request: StraightRequest) => {
  void (async () => {
    const started = performance.now();
    const outcomes = await mapLimited(request.targets, request.atOnce, (target) =>
      sendPush(request.vapid, target, request.payload, request.payload.tag),
    );
    const answer: StraightAnswer = {
      seconds: (performance.now() - started) / 1000,
      refused: outcomes.filter((outcome) => outcome.kind !== 'sent').length,
    };
    process.send!(answer, () => process.disconnect());
  })();
});
