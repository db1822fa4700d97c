import { z } from 'zod';
import { SystemSwitches, UpdateSystemSwitchesRequest } from '@tp/contract';
import { replyOf } from '../../platform/http/index';

export { SystemSwitches, UpdateSystemSwitchesRequest };

export const getSwitchesSchema = { response: replyOf(SystemSwitches) };
export const updateSwitchesSchema = { body: UpdateSystemSwitchesRequest, response: replyOf(SystemSwitches) };

/** Stored values are checked on the way out, so a hand-edited row cannot break the clients. */
export const StoredSwitch = {
  upgrade: z.boolean(),
  upgradeNotice: z.string(),
  bankFunction: z.boolean(),
} as const;
