/** The two people screens: the company's staff and its clients. */
export type UserKind = 'staff' | 'clients';
