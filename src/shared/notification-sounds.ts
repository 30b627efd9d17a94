import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/**
 * Notification sound settings (spec §3 "Sound config", §7 notification calls, §9 "Sound plays
 * for nodes set Open"). A node is one event the operator hears: a scan accepted, refused,
 * a warning. Each warehouse sets, per device platform, whether a node sounds (Open/Close),
 * which of the three clips it plays and whether its spoken prompt is read out.
 * Nodes are grouped into modules for the settings tree. Adding a cue is one line here.
 */

export * from './sound-codes';
import type { CueKind, DevicePlatform, SoundClip, SoundType } from './sound-codes';
import { DEVICE_PLATFORM, SOUND_TYPE } from './sound-codes';

export interface NotificationModule {
  readonly module: string;
  readonly label: MessageDescriptor;
}

export interface NotificationNode {
  /** `<module>.<event>`: the node_name of spec §3. */
  readonly node: string;
  readonly module: string;
  readonly label: MessageDescriptor;
  readonly kind: CueKind;
  readonly defaultClip: SoundClip;
}

export const NOTIFICATION_MODULES: readonly NotificationModule[] = [
  { module: 'scan', label: msg`Scanning` },
  { module: 'inbound', label: msg`Inbound` },
  { module: 'inventory', label: msg`Inventory` },
  { module: 'sync', label: msg`Offline sync` },
];

export const NOTIFICATION_NODES: readonly NotificationNode[] = [
  { node: 'scan.accepted', module: 'scan', label: msg`Scan accepted`, kind: 'success', defaultClip: 'A' },
  { node: 'scan.refused', module: 'scan', label: msg`Scan refused`, kind: 'error', defaultClip: 'B' },
  { node: 'scan.manual_refused', module: 'scan', label: msg`Typed or pasted input refused`, kind: 'warning', defaultClip: 'C' },
  { node: 'inbound.counting_saved', module: 'inbound', label: msg`Count saved`, kind: 'success', defaultClip: 'A' },
  { node: 'inbound.counting_mismatch', module: 'inbound', label: msg`Count differs from expected`, kind: 'warning', defaultClip: 'C' },
  { node: 'inbound.putaway_done', module: 'inbound', label: msg`Putaway confirmed`, kind: 'success', defaultClip: 'A' },
  { node: 'inbound.putaway_other_cell', module: 'inbound', label: msg`Putaway to another cell than suggested`, kind: 'warning', defaultClip: 'C' },
  { node: 'inventory.location_blocked', module: 'inventory', label: msg`Location blocked`, kind: 'error', defaultClip: 'B' },
  { node: 'sync.op_rejected', module: 'sync', label: msg`Queued scan rejected by the server`, kind: 'error', defaultClip: 'B' },
];

export type NotificationNodeName = string;

const BY_NAME = new Map(NOTIFICATION_NODES.map((n) => [n.node, n]));
export const notificationNode = (name: string): NotificationNode | undefined => BY_NAME.get(name);

/** One node's setting as stored and as get_notification_sound_list_v2 answers it. */
export interface SoundSetting {
  node_name: string;
  sound_type: SoundType;
  clip: SoundClip;
  /** 1 when the screen's spoken prompt is read out with the sound. */
  voice: 0 | 1;
}

/** What a node does before anyone changes it: sounds, with its default clip; voice on PDAs only. */
export function defaultSoundSetting(node: NotificationNode, platform: DevicePlatform): SoundSetting {
  return {
    node_name: node.node,
    sound_type: SOUND_TYPE.OPEN,
    clip: node.defaultClip,
    voice: platform === DEVICE_PLATFORM.PDA ? 1 : 0,
  };
}

/**
 * Every node of the catalog in catalog order, each with its stored setting or its default.
 * Settings of nodes no longer in the catalog are left out.
 */
export function soundSettingsOf(platform: DevicePlatform, stored: Iterable<SoundSetting>): SoundSetting[] {
  const byNode = new Map([...stored].map((s) => [s.node_name, s]));
  return NOTIFICATION_NODES.map((node) => byNode.get(node.node) ?? defaultSoundSetting(node, platform));
}
