import { z } from "zod";

export * from "./metric-figures";

/** GET /api/admin/stats */
export const adminStatsSchema = z.object({
  /** Matches of a running (active) pairing (figure-definitions.ts). */
  activeMatches: z.number().int(),
  /** Matches of a completed pairing whose chat happened, all time. */
  completedChats: z.number().int(),
  /** Chats that happened (chat-happened.ts), all time: running pairings' too. */
  chatsHappened: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const monthMetricsSchema = z.object({
  /** `YYYY-MM` */
  month: z.string(),
  /** chats that happened / total × 100, one decimal; 0 for a month without matches. */
  successRate: z.number(),
  totalMatches: z.number().int(),
  /** Completed chats: matches of a completed pairing whose chat happened. */
  completedMatches: z.number().int(),
  /** Chats that happened (chat-happened.ts), the month's running pairing's too. */
  chatsHappened: z.number().int(),
});
export type MonthMetrics = z.infer<typeof monthMetricsSchema>;

/** GET /api/admin/enhanced-metrics */
export const enhancedMetricsSchema = z.object({
  /** Employees only: no admin who never made a profile (src/server/metrics/figures.ts). */
  userMetrics: z.object({
    totalRegistered: z.number().int(),
    pendingProfileSetup: z.number().int(),
    activeParticipants: z.number().int(),
    pausedUsers: z.number().int(),
    optedOutUsers: z.number().int(),
    /** active / (total − opted out) × 100, one decimal; 0 when nobody is left. */
    participationRate: z.number(),
    /** Whitelisted addresses invited one by one that have no account yet (not employees). */
    invitedNotJoined: z.number().int(),
    /** People per department name ("Not Set" for none), largest first. */
    byDepartment: z.record(z.string(), z.number().int()),
  }),
  matchingMetrics: z.object({
    currentMonth: z.object({
      month: z.string(),
      totalMatches: z.number().int(),
      activeMatches: z.number().int(),
      completedMatches: z.number().int(),
      chatsHappened: z.number().int(),
    }),
    /** The six months before the current one, oldest first. */
    previousMonths: z.array(monthMetricsSchema),
  }),
});
export type EnhancedMetrics = z.infer<typeof enhancedMetricsSchema>;

/** GET /api/admin/system-health: what the Operations sub-tab's System Health card shows. */
export const systemHealthSchema = z.object({
  database: z.object({ status: z.enum(["Operational", "Unavailable"]), kind: z.string() }),
  /** The real e-mail transport: "SMTP (host)" or "Outbox"; never credentials. */
  emailService: z.object({ transport: z.enum(["smtp", "outbox"]), label: z.string() }),
  employeeSync: z.string(),
});
export type SystemHealth = z.infer<typeof systemHealthSchema>;
