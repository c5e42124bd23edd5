import { Injectable } from '@nestjs/common';

/**
 * What a plugin implements to let an admin connect an OAuth application (Medusa's
 * `<application_name>Oauth` services). None is installed by default.
 */
export interface OAuthProvider {
  readonly applicationName: string;
  generateToken(code: string): Promise<Record<string, unknown>>;
}

@Injectable()
export class OAuthProviderRegistry {
  private readonly providers = new Map<string, OAuthProvider>();

  register(provider: OAuthProvider): void {
    this.providers.set(provider.applicationName, provider);
  }

  get(applicationName: string): OAuthProvider | undefined {
    return this.providers.get(applicationName);
  }
}
