import { isApiRequestError } from './api-error';
import { api, unwrap, type ApiClient } from './client';
import { toEntity } from './json-api';
import type { PostcodeAddress } from './types';

/**
 * A failed lookup as the takeaway's address search and the kit's address step read it: the HTTP
 * status (0 when no answer came) and the words to show.
 */
export interface PostcodeLookupFailure {
  status: number;
  message: string;
}

/**
 * GET postcodes/{postcode}/addresses: the addresses the directory lists for a postcode, none for
 * one placed at its district's centre (product rule R3.13). A postcode the server refuses fails
 * with its words, which name the postcode; no answer or a server fault with a message to try again.
 */
export async function listPostcodeAddresses(
  postcode: string,
  client: ApiClient = api,
): Promise<PostcodeAddress[]> {
  try {
    const body = await unwrap(
      client.GET('/postcodes/{postcode}/addresses', { params: { path: { postcode } } }),
    );
    return body.data.map((resource) => toEntity(resource) as PostcodeAddress);
  } catch (error) {
    if (isApiRequestError(error) && error.serverMessage && error.status < 500)
      throw { status: error.status, message: error.serverMessage } satisfies PostcodeLookupFailure;
    throw {
      status: isApiRequestError(error) ? error.status : 0,
      message: `We couldn't look up ${postcode} just now. Try again.`,
    } satisfies PostcodeLookupFailure;
  }
}
