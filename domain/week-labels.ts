// Its own module: the routes that read weeks (the checkout among them) do not carry the label.
const shortDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** A week's tab on the recipe-kit menu: "Week of 7 Dec". */
export const weekLabel = (week: string) =>
  `Week of ${shortDate.format(new Date(`${week}T00:00:00Z`))}`;
