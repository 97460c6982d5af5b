/** What each number of stars means, 1 to 5 (product rule R9.12). */
export const STAR_WORDS = ['Very poor', 'Poor', 'Okay', 'Good', 'Excellent'] as const;

/** The accessible name of a star: "4 out of 5 stars". */
export const starLabel = (stars: number) => `${stars} out of ${STAR_WORDS.length} stars`;
