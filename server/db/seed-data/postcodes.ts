/**
 * Real UK postcodes with approximate centres: several inside each delivering restaurant's radius,
 * a few near the pickup-only sites, and some far from every restaurant.
 */
interface SeedPostcode {
  postcode: string;
  lat: number;
  lon: number;
  city: string;
  streets: string[];
}

export const POSTCODES: SeedPostcode[] = [
  // Chiswick (16)
  {
    postcode: 'W4 2HD',
    lat: 51.4916,
    lon: -0.2555,
    city: 'London',
    streets: [
      '12 Devonshire Road',
      '14 Devonshire Road',
      '27 Devonshire Road',
      '31 Devonshire Road',
    ],
  },
  {
    postcode: 'W4 1TH',
    lat: 51.4949,
    lon: -0.2545,
    city: 'London',
    streets: [
      '3 Turnham Green Terrace',
      '9 Turnham Green Terrace',
      'Flat 2, 15 Turnham Green Terrace',
    ],
  },
  {
    postcode: 'W4 4PU',
    lat: 51.4925,
    lon: -0.2606,
    city: 'London',
    streets: ['2 Chiswick High Road', '281 Chiswick High Road', '285 Chiswick High Road'],
  },
  {
    postcode: 'W6 9JA',
    lat: 51.4927,
    lon: -0.224,
    city: 'London',
    streets: ['4 King Street', '18 King Street', '40 King Street'],
  },
  // Farringdon (19)
  {
    postcode: 'EC1N 8SS',
    lat: 51.5197,
    lon: -0.108,
    city: 'London',
    streets: ['5 Hatton Garden', '22 Hatton Garden', '36 Hatton Garden'],
  },
  {
    postcode: 'EC1R 4QP',
    lat: 51.5259,
    lon: -0.1093,
    city: 'London',
    streets: ['8 Exmouth Market', '19 Exmouth Market', '42 Exmouth Market'],
  },
  {
    postcode: 'EC1M 6HA',
    lat: 51.5205,
    lon: -0.1025,
    city: 'London',
    streets: ['10 St John Street', '26 St John Street', '58 St John Street'],
  },
  // New Oxford Street (185)
  {
    postcode: 'WC1B 3DG',
    lat: 51.5194,
    lon: -0.127,
    city: 'London',
    streets: ['33 Great Russell Street', '41 Great Russell Street', '47 Great Russell Street'],
  },
  {
    postcode: 'WC2H 9JQ',
    lat: 51.514,
    lon: -0.125,
    city: 'London',
    streets: ['6 Earlham Street', '12 Earlham Street', '20 Earlham Street'],
  },
  {
    postcode: 'W1T 1JY',
    lat: 51.519,
    lon: -0.135,
    city: 'London',
    streets: ['7 Charlotte Street', '23 Charlotte Street', '51 Charlotte Street'],
  },
  // Greenwich (98)
  {
    postcode: 'SE10 9NN',
    lat: 51.478,
    lon: -0.014,
    city: 'London',
    streets: ['3 Greenwich South Street', '17 Greenwich South Street', '29 Greenwich South Street'],
  },
  {
    postcode: 'SE10 8EW',
    lat: 51.4855,
    lon: 0.002,
    city: 'London',
    streets: ['11 Trafalgar Road', '44 Trafalgar Road', '72 Trafalgar Road'],
  },
  // Richmond (106)
  {
    postcode: 'TW9 1EJ',
    lat: 51.4609,
    lon: -0.3046,
    city: 'Richmond',
    streets: ['4 George Street', '16 George Street', '30 George Street'],
  },
  {
    postcode: 'TW10 6UX',
    lat: 51.4518,
    lon: -0.2989,
    city: 'Richmond',
    streets: ['2 Richmond Hill', '15 Richmond Hill', '38 Richmond Hill'],
  },
  // Guildford (46)
  {
    postcode: 'GU1 4AF',
    lat: 51.2365,
    lon: -0.57,
    city: 'Guildford',
    streets: ['5 Chertsey Street', '12 Chertsey Street', '27 Chertsey Street'],
  },
  {
    postcode: 'GU2 4DR',
    lat: 51.24,
    lon: -0.59,
    city: 'Guildford',
    streets: ['8 Woodbridge Road', '21 Woodbridge Road', '64 Woodbridge Road'],
  },
  // Near the pickup and eat-in sites that do not deliver: York hotel (109), Manchester Airport (145)
  {
    postcode: 'YO1 7HH',
    lat: 53.9618,
    lon: -1.0829,
    city: 'York',
    streets: ['3 Stonegate', '18 Stonegate', '35 Stonegate'],
  },
  {
    postcode: 'M90 3NZ',
    lat: 53.3625,
    lon: -2.2731,
    city: 'Manchester',
    streets: ['1 Outwood Lane', '9 Outwood Lane', '15 Outwood Lane'],
  },
  // Far from every restaurant
  {
    postcode: 'EH1 1YZ',
    lat: 55.9521,
    lon: -3.1895,
    city: 'Edinburgh',
    streets: ['2 Princes Street', '14 Princes Street', '30 Princes Street'],
  },
  {
    postcode: 'CF10 1EP',
    lat: 51.48,
    lon: -3.178,
    city: 'Cardiff',
    streets: ['6 Queen Street', '19 Queen Street', '45 Queen Street'],
  },
  {
    postcode: 'NR2 1NH',
    lat: 52.6289,
    lon: 1.293,
    city: 'Norwich',
    streets: ['3 Gentleman\u2019s Walk', '11 Gentleman\u2019s Walk', '20 Gentleman\u2019s Walk'],
  },
];
