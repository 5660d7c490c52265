// The settings every new company starts with (admin.md §2.4 Options, core §3 campaignsEnabled).
export const DEFAULT_SETTINGS: Record<string, string> = {
  userRating: "disabled",
  scheduleType: "disabled",
  CheckMsgIsGroup: "enabled",
  call: "disabled",
  chatBotType: "text",
  sendGreetingAccepted: "disabled",
  sendMsgTransfTicket: "disabled",
  sendGreetingMessageOneQueues: "disabled",
  campaignsEnabled: "true",
};
