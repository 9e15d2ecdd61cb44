/** Spec §8: what every unexpected failure says, on a page, in the builder's 'Oops!' and in the plotter. */
export const OOPS_TEXT =
  "Something's not quite right. Please contact a member of the team to let them know this isn't working.";
