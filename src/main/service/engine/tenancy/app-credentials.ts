import { newAppSecret, newUuid } from '../ids';

export interface AppCredentials {
  clientId: string;
  clientSecret: string;
  appId: string;
}

/** Builds an AppID the way the real service does: base64 of `Client_Id_<uuid>:Client_Secret_<secret>`. */
export function newAppId(): AppCredentials {
  const clientId = `Client_Id_${newUuid()}`;
  const clientSecret = `Client_Secret_${newAppSecret()}`;
  return { clientId, clientSecret, appId: Buffer.from(`${clientId}:${clientSecret}`).toString('base64') };
}
