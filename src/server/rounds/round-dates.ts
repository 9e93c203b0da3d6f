// The dates of a round are shared with the sample dashboard (src/shared/round-dates.ts).
export {
  currentRound,
  type DateRule,
  nextRound,
  type RoundDates,
  roundDates,
} from "../../shared/round-dates";
