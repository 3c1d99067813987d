// Country and state lists for the address dialog (GET /api/countries, GET /api/states). Kept for
// the page's lifetime; failures are silently ignored and give empty lists.
import { apiJson } from "./account-api.ts";

export interface CountryOption {
  countryCode: string;
  title: string;
}
export interface StateOption {
  stateCode: string;
  title: string;
}

let countries: Promise<CountryOption[]> | undefined;
const statesByCountry = new Map<string, Promise<StateOption[]>>();

export function loadCountries(): Promise<CountryOption[]> {
  countries ??= apiJson<{ countries: CountryOption[] }>("/api/countries")
    .then((answer) => answer.countries)
    .catch(() => {
      countries = undefined;
      return [];
    });
  return countries;
}

export function loadStates(countryCode: string): Promise<StateOption[]> {
  let states = statesByCountry.get(countryCode);
  if (!states) {
    states = apiJson<{ states: StateOption[] }>(`/api/states?page=0&countryCode=${encodeURIComponent(countryCode)}`)
      .then((answer) => answer.states)
      .catch(() => {
        statesByCountry.delete(countryCode);
        return [];
      });
    statesByCountry.set(countryCode, states);
  }
  return states;
}
