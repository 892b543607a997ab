import { HttpError, request } from '../api/http'
import { base58Encode } from '../contracts/address'
import { apiPaths } from '../contracts/apiPaths'
import {
  DeviceApproveResponseSchema,
  DevicePollResponseSchema,
  DeviceRequestResponseSchema,
  DeviceSignInFieldsSchema,
  type DevicePollResponse,
  type DeviceRequestResponse,
} from '../contracts/deviceSignIn'
import { signSiws } from './siws'
import type { WalletAdapter } from './types'

/**
 * The client half of the cross-device sign-in (src/contracts/deviceSignIn.ts): the waiting browser
 * makes a request and polls it; the signing device signs the request's SIWS text.
 */

/** The path the signing device opens for a code. */
export const signInPagePath = (code: string) => `/signin/${code}`

/** The waiting browser: a new request (and its binding cookie, set by the server). */
export function createDeviceRequest(): Promise<DeviceRequestResponse> {
  return request('POST', apiPaths.auth.deviceRequest.url(), { parse: DeviceRequestResponseSchema })
}

/** The waiting browser: is it signed? ('signed-in' means the session cookie is now set.) */
export function pollDeviceRequest(requestId: string): Promise<DevicePollResponse> {
  return request('POST', apiPaths.auth.devicePoll.url(), {
    body: { requestId },
    parse: DevicePollResponseSchema,
  })
}

/**
 * The signing device: connects `wallet`, signs the SIWS text of the request behind `code` (the same
 * `signIn`-or-`signMessage` path as a direct sign-in) and hands the signature to the server.
 * Resolves to the signing address.
 */
export async function signDeviceRequest(wallet: WalletAdapter, code: string): Promise<string> {
  const address = await wallet.connect()
  const fields = await request('GET', apiPaths.auth.deviceFields.url({ code }), {
    parse: DeviceSignInFieldsSchema,
  })
  const { message, signature } = await signSiws(wallet, { ...fields, address })
  await request('POST', apiPaths.auth.deviceApprove.url({ code }), {
    body: { address, message, signature: base58Encode(signature) },
    parse: DeviceApproveResponseSchema,
  })
  return address
}

/** The server's reason for a refusal, or a plain one. */
export function refusalText(err: unknown): string {
  if (err instanceof HttpError) return err.serverError
  if (err instanceof Error && err.message) return err.message
  return 'Something went wrong: try again'
}
