/** The two screen sizes every look-and-feel check runs at (issue 11): a phone and a desktop. */
export const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;
