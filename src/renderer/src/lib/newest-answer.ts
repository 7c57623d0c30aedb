// One question asked again and again (the register, by every screen that opens), whose answers
// can arrive out of order: an answer older than one already shown would put back a state that is
// no longer so ("Caixa aberto" after it closed). Each question takes a ticket; only an answer to a
// later ticket than the one shown is shown.

export interface NewestAnswer {
  /** The ticket of a question being sent now. */
  ask(): number;
  /** True (and from now on the one shown) when this ticket's answer is newer than the one shown. */
  isNewest(ticket: number): boolean;
  /** An answer arrived outside the questions (a call's own result): shown, newer than any asked before. */
  shownNow(): void;
}

export function newestAnswer(): NewestAnswer {
  let asked = 0;
  let shown = 0;
  return {
    ask: () => ++asked,
    isNewest(ticket) {
      if (ticket <= shown) return false;
      shown = ticket;
      return true;
    },
    shownNow() {
      shown = ++asked;
    },
  };
}
