interface Person {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
}

/** Who a re-pair placed where: the person, and the partner(s) they now meet (change-notices.ts). */
export interface RePairNotice {
  kind: "pair" | "trio" | "four";
  pairingId: number;
  month: string;
  person: Person;
  partners: Person[];
}
