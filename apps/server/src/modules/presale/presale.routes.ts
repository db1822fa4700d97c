import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminPresaleListRequest,
  AdminPresaleRemoveRequest,
  PresaleListQuery,
  PresalePath,
  PresalePlacementPage,
  PresaleProject,
  PresaleProjectDetail,
  PresaleProjectPage,
  PresaleProjectQuery,
  PresaleRecordsQuery,
  PresaleSubscriptionPage,
  SavePresaleProject,
  SubscribeRequest,
  SubscribeResult,
} from '@tp/contract';
import { caller, ok, postRoutes, replyOf } from '../../platform/http/index';
import type { PresaleService } from './presale.service';

/** Subscriptions move money: a few a second per caller at most, besides the per-project interval. */
const SUBSCRIBE_LIMIT = { max: 20, timeWindow: '1 minute' } as const;

export function registerPresaleRoutes(app: FastifyInstance, presale: PresaleService): void {
  const http = app.withTypeProvider<ZodTypeProvider>();
  http.get(PresalePath.projects, { schema: { querystring: PresaleListQuery, response: replyOf(PresaleProjectPage) } }, async (request) => ok(await presale.projects(request.query)));
  http.get(PresalePath.project, { schema: { querystring: PresaleProjectQuery, response: replyOf(PresaleProjectDetail) } }, async (request) => ok(await presale.project(request.query.projectId)));

  const post = postRoutes(app, { buyer: { auth: 'user', rateLimit: SUBSCRIBE_LIMIT }, user: { auth: 'user' }, staff: { auth: { staff: 'presale.manage' } } });
  post.buyer(PresalePath.subscribe, SubscribeRequest, SubscribeResult, (body, request) => presale.subscribe(caller(request), body, request.lang));
  post.user(PresalePath.subscriptions, PresaleRecordsQuery, PresaleSubscriptionPage, (body, request) => presale.subscriptions(caller(request), body));
  post.user(PresalePath.placements, PresaleRecordsQuery, PresalePlacementPage, (body, request) => presale.placements(caller(request), body));
  post.staff(PresalePath.adminProjects, AdminPresaleListRequest, PresaleProjectPage, (body) => presale.adminProjects(body));
  post.staff(PresalePath.adminSave, SavePresaleProject, PresaleProject, (body, request) => presale.save(caller(request), body));
  post.staff(PresalePath.adminRemove, AdminPresaleRemoveRequest, PresaleProject, (body, request) => presale.remove(caller(request), body.projectId, body.reason));
}
