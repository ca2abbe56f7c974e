/**
 * A URI template whose trailing `{?a,b}` query expression is optional when matching, as RFC 6570
 * expansion makes it: `demo://cities/{city}/guide{?lang}` expands to `demo://cities/oslo/guide`
 * when `lang` is undefined.
 *
 * Why this exists: the SDK's `UriTemplate.match` (2.4.0) turns `{?lang}` into a required
 * `?lang=…`, so a client that leaves `lang` out, as the template allows, would get "resource not
 * found". This subclass matches the path part with the SDK's own matcher and reads the query
 * parameters by name, in any order, each optional.
 */
import { UriTemplate } from "@modelcontextprotocol/server";
import type { Variables } from "@modelcontextprotocol/server";

const TRAILING_QUERY = /\{\?([^}]+)\}$/;

/** A {@link UriTemplate} that treats a trailing form-style query expression as optional. */
export class OptionalQueryUriTemplate extends UriTemplate {
  readonly #path: UriTemplate | undefined;
  readonly #queryNames: readonly string[];

  /** `template` is listed unchanged; only matching differs from the SDK's class. */
  constructor(template: string) {
    super(template);
    const query = TRAILING_QUERY.exec(template);
    this.#path = query === null ? undefined : new UriTemplate(template.slice(0, query.index));
    this.#queryNames = query?.[1]?.split(",") ?? [];
  }

  /**
   * The variables of `uri`, or null when its path does not fit the template. Query variables
   * that are absent are left out of the result; unknown query parameters are ignored.
   */
  override match(uri: string): Variables | null {
    if (this.#path === undefined) return super.match(uri);
    const queryStart = uri.indexOf("?");
    const path = queryStart === -1 ? uri : uri.slice(0, queryStart);
    const variables = this.#path.match(path);
    if (variables === null) return null;
    const params = new URLSearchParams(queryStart === -1 ? "" : uri.slice(queryStart + 1));
    for (const name of this.#queryNames) {
      const value = params.get(name);
      if (value !== null) variables[name] = value;
    }
    return variables;
  }
}
