import { adminArea } from "./admin";
import { announcementsArea } from "./announcements";
import { billingArea } from "./billing";
import { campaignDispatchArea } from "./campaign-dispatch";
import { campaignsArea } from "./campaigns";
import { chatsArea } from "./chats";
import { contactListsArea } from "./contact-lists";
import { externalApiArea } from "./external-api";
import { fileListsArea } from "./files";
import { kanbanArea } from "./kanban";
import { mailArea } from "./mail";
import { messagesArea } from "./messages";
import { observabilityArea } from "./observability";
import { openapiArea } from "./openapi";
import { promptsArea } from "./prompts";
import { queueIntegrationsArea } from "./queue-integrations";
import { sandboxModelArea } from "./sandbox-model";
import type { SweepArea } from "./types";
import { webhooksArea } from "./webhooks";

/** Areas whose fixtures live in their own file (companies/plans/helps, billing, mail). */
export const AREAS: SweepArea[] = [adminArea, billingArea, mailArea, openapiArea, webhooksArea, externalApiArea,
  contactListsArea, fileListsArea, campaignsArea, campaignDispatchArea, announcementsArea, chatsArea, kanbanArea, promptsArea, queueIntegrationsArea, sandboxModelArea, observabilityArea, messagesArea];
