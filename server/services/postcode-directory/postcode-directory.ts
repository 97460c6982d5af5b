/** A place found for a postcode: its centre and, where the provider knows them, its addresses. */
export interface PostcodeLookup {
  postcode: string;
  lat: number;
  lon: number;
  addresses: {
    id: string;
    address1: string;
    address2: string | null;
    city: string;
    lat: number;
    lon: number;
  }[];
}

/** The postcode lookup and geocoder (DESIGN.md section 3): embedded directory or an HTTP service. */
export interface PostcodeDirectory {
  /** undefined when the postcode is unknown. Postcodes arrive normalised ('W4 2HD'). */
  lookup(postcode: string): Promise<PostcodeLookup | undefined>;
}
