/**
 * Length limits of the API contract that forms need too, in a module without zod so a page can enforce
 * them (input `maxLength`, field errors) without shipping the schemas. The schemas import them from here.
 */

/** Longest name (characters) of a person or a service the API accepts; the name inputs' `maxLength`. */
export const NAME_MAX = 120;

/** Most services in one visit (beyond-the-spec section 2). */
export const VISIT_MAX_SERVICES = 4;
