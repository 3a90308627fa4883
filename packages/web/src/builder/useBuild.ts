// Starting, cancelling and re-running builds over the build socket.
import { useState } from 'react';
import { App } from 'antd';
import {
  BUILD_RENDER_INTERVAL_MS, MAX_LINEUP_LIMIT, PLAYER_TABLE_MUST_BE_MODIFIED, PLAYER_TABLE_MUST_BE_MODIFIED_DETAIL, SAVED_LINEUPS_REACH_LIMIT, SET_NUMBER_OF_LINEUPS, isPlayerTableUnmodified, lineupCounts,
  getRoster, lineupHash, playerForSend, resolveLineupLimit, settingsForSend, splitBySiteRules,
  type BuildMessageInput, type BuildSettings, type BuiltLineup, type WirePlayerInput,
} from '@stacksmith/domain';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { builderApi } from '../api/client';
import { readToken } from '../api/token';
import { useAuth } from '../auth/session';
import { planQuery } from '../permissions/usePermissions';
import { keptBySiteRules, useBuilder } from './builderStore';
import { openBuild, type BuildBatch, type BuildConnection } from './buildSocket';
import { throttledBatches } from './debounce';
import { buildExtras } from './extrasData';
import { useExtras } from './extrasStore';
import { slateSnapshot } from './slateData';
import { isZeroed } from './visitorStore';
import { lockedLineups } from './lineups/lineupLocks';
import { takeSeed } from './seed';

let connection: BuildConnection | null = null;
/** Hands the running build's batches to the store, a few times a second (see BUILD_RENDER_INTERVAL_MS). */
let batches: ReturnType<typeof throttledBatches<BuildBatch>> | null = null;

function appendBatches(list: BuildBatch[]) {
  const last = list[list.length - 1]!;
  useBuilder.getState().appendLineups(list.flatMap((b) => b.lu), last.luNum, last.total, [...new Set(list.flatMap((b) => b.warnings))]);
}

/** The plan's lineup limit; without a plan answer the server's own limit applies, so the client allows the maximum. */
export function useLineupLimit(): number {
  const { loggedin, admin } = useAuth();
  const plan = useQuery(planQuery(loggedin));
  if (admin) return MAX_LINEUP_LIMIT;
  const permissions = plan.data?.permissions;
  if (!permissions) return MAX_LINEUP_LIMIT;
  return resolveLineupLimit(permissions) || MAX_LINEUP_LIMIT;
}

/** The build socket message of the builder as it stands (also the body of the entries late swap). */
export function buildRequest(client: QueryClient, settings: BuildSettings, numLUs: number, savedLineups: BuiltLineup[], extras = buildExtras(client), seed?: number): BuildMessageInput {
  const { ref, key } = useBuilder.getState();
  const { players } = slateSnapshot(client);
  if (!ref) throw new Error('no slate');
  const zeroed = isZeroed(key);
  return {
    token: readToken(),
    sport: ref.sport, site: ref.site, contestType: ref.contestType, slate: ref.slate, season: ref.season, counter: ref.counter,
    // The rows as the build schema reads them (packages/domain player.ts).
    players: players.map((p): WirePlayerInput => ({ ...playerForSend(p, { zeroed }) })),
    savedLineups,
    ...(seed !== undefined ? { seed } : {}),
    // Team Stacks, Player Groups and After Start (extrasStore): stack rows and groups, active groups, late swap.
    ...extras,
    ...settingsForSend({ ...settings, numLUs }),
  };
}

/**
 * Re-builds one lineup in place: a one-lineup build unique against the others, then the replace
 * step. It reads the store and the query cache when called, so useBuild hands out one function
 * for good: the same function on every render keeps the memoised lineup cards from re-rendering.
 */
function rebuildLineup(client: QueryClient, run: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const state = useBuilder.getState();
    const { settings } = slateSnapshot(client);
    if (!state.ref || !settings) return resolve();
    const others = state.result.data.filter((l, i) => (l.rawTable[0]?.Run ?? i + 1) !== run);
    const known = new Set(state.result.data.map((l) => l.lineupHash));
    let replacement: BuiltLineup | null = null;
    openBuild(buildRequest(client, { ...settings, includeSaved: true }, 1, others), {
      onBatch: (b) => {
        replacement = b.lu.find((l) => !known.has(l.lineupHash || lineupHash(l.rawTable))) ?? replacement;
      },
      onDone: () => {
        if (replacement) useBuilder.getState().replaceRun(run, replacement);
        resolve();
      },
      onError: (error) => reject(new Error(error)),
    });
  });
}

export function useBuild() {
  const { modal, message } = App.useApp();
  const lineupLimit = useLineupLimit();
  const running = useBuilder((s) => s.result.loading);
  const client = useQueryClient();
  const [rebuild] = useState(() => (run: number) => rebuildLineup(client, run));

  const start = () => {
    const state = useBuilder.getState();
    const { players, settings, saved } = slateSnapshot(client);
    if (!state.ref || !settings) return;
    // A late swap answers one lineup per active after-start lineup, and only those.
    const extras = buildExtras(client);
    const lateSwap = extras.afterStartActivated;
    // An untouched table builds the site's own lineups; a late swap keeps the entered ones and
    // needs no edit of the table.
    if (!lateSwap && isPlayerTableUnmodified(players)) {
      modal.warning({ title: PLAYER_TABLE_MUST_BE_MODIFIED, content: PLAYER_TABLE_MUST_BE_MODIFIED_DETAIL });
      return;
    }
    // Otherwise saved lineups (when included) and the lineups locked in the Lineups tab are kept
    // as they are, but never one the site would refuse: the build's warnings say which and why.
    const savedCheck = keptBySiteRules(state.ref, !lateSwap && settings.includeSaved ? saved : [], players);
    const savedKept = savedCheck.accepted;
    const savedHashes = new Set(savedKept.map((l) => l.lineupHash));
    const roster = getRoster(state.ref.sport, state.ref.site, state.ref.contestType);
    const lockedCheck = splitBySiteRules(roster, lateSwap ? [] : lockedLineups().filter((l) => !savedHashes.has(l.lineupHash)), players,
      (l, i) => `Locked lineup ${l.rawTable[0]?.Run ?? i + 1}`);
    const locked = lockedCheck.accepted;
    const leftOut = [...savedCheck.refused, ...lockedCheck.refused];
    const kept = [...savedKept, ...locked];
    const includeSaved = kept.length > 0;
    // Saved lineups come on top of the count (the count is of new lineups); locked ones are part of it.
    const counts = lateSwap
      ? { total: extras.afterStartLineups.length, toBuild: extras.afterStartLineups.length }
      : lineupCounts(settings.numLUs, { lineupLimit, includeSaved: Boolean(settings.includeSaved), savedCount: savedKept.length });
    const total = Math.max(counts.total, kept.length);
    const toBuild = Math.max(0, counts.toBuild - locked.length);
    if (toBuild <= 0) {
      void message.warning(total > 0 ? SAVED_LINEUPS_REACH_LIMIT : SET_NUMBER_OF_LINEUPS);
      return;
    }
    state.fetchResult(total, leftOut);
    builderApi.builtLineups(state.ref, total).catch(() => undefined);
    const received = throttledBatches<BuildBatch>(BUILD_RENDER_INTERVAL_MS, appendBatches);
    batches = received;
    connection = openBuild(buildRequest(client, { ...settings, includeSaved }, toBuild, kept, extras, takeSeed()), {
      onBatch: (b) => received.push(b),
      onDone: () => {
        received.flushNow();
        connection = null;
        const builder = useBuilder.getState();
        // Saved lineups join the result when includeSaved is set (not after a late swap), never
        // one the site would refuse (the build's warnings said which).
        const latest = slateSnapshot(client);
        const savedNow = !lateSwap && latest.settings?.includeSaved && builder.ref ? keptBySiteRules(builder.ref, latest.saved, latest.players).accepted : [];
        builder.finishResult(savedNow);
        // The After Start tab then shows the swapped lineups, the kept players marked.
        if (lateSwap && builder.ref) {
          useExtras.getState().receiveSwapped(useBuilder.getState().result.data, getRoster(builder.ref.sport, builder.ref.site, builder.ref.contestType));
        }
      },
      onError: (error) => {
        received.flushNow();
        connection = null;
        useBuilder.getState().failResult(error);
      },
    });
  };

  const cancel = () => {
    connection?.cancel();
    connection = null;
    // The lineups that arrived are kept (cancel keeps the data).
    batches?.flushNow();
    useBuilder.getState().cancelResult();
  };

  return { start, cancel, rebuild, running, lineupLimit };
}
