/**
 * The moments of art. 76.º, n.º 5 of Lei n.º 83/2017 at which a bingo hall
 * identifies its players (a hall setting). A module of its own, with no
 * imports: the settings' schema and the screens read it, and the screens ship
 * no zod (renderer/bundle.test.ts).
 */
export const IDENTIFICATION_MOMENTS = ['entry', 'purchase', 'prize'] as const;
export type IdentificationMoment = (typeof IDENTIFICATION_MOMENTS)[number];
