/**
 * The fixed travel data behind the demo server. Everything the tools answer is derived from
 * these tables by pure functions, so the same request always gets the same bytes back: no
 * clock, no randomness, no network.
 */

/** Name, title and version the demo server reports in `serverInfo`. */
export const DEMO_SERVER_INFO = {
  name: "trip-planner",
  title: "Trip Planner (mcp-codegen demo)",
  version: "1.0.0",
} as const;

/** Currency codes `convert_currency` and prices use (ISO 4217). */
export const CURRENCIES = ["EUR", "USD", "GBP", "JPY", "NOK", "CHF"] as const;

/** One of {@link CURRENCIES}. */
export type Currency = (typeof CURRENCIES)[number];

/**
 * Units of each currency per euro. Demo values frozen in the source on purpose: a live rate
 * would make the demo's output, and the tests that pin it, change from day to day.
 */
export const EUR_RATES: Readonly<Record<Currency, number>> = {
  EUR: 1,
  USD: 1.08,
  GBP: 0.85,
  JPY: 162,
  NOK: 11.5,
  CHF: 0.95,
};

/** Seasons the `packing_list` prompt completes its `season` argument with. */
export const SEASONS = ["spring", "summer", "autumn", "winter"] as const;

/** Languages the city guides are written in; `en` is the default. */
export const GUIDE_LANGUAGES = ["en", "fr"] as const;

/** One of {@link GUIDE_LANGUAGES}. */
export type GuideLanguage = (typeof GUIDE_LANGUAGES)[number];

/** What the demo knows about a city. */
export interface City {
  /** Display name, e.g. "Lisbon". */
  name: string;
  /** Currency spent there. */
  currency: Currency;
  /** Hotel price per night, in euros. */
  nightlyRateEur: number;
  /** One activity per trip day, cycled when the trip is longer. */
  activities: readonly string[];
  /** Seven days of weather, cycled: condition and daily high in °C. */
  weather: readonly (readonly [condition: string, highC: number])[];
  /** The guide text per language (markdown). */
  guide: Readonly<Record<GuideLanguage, string>>;
}

/** The cities the demo knows, keyed by their URI slug (`demo://cities/{city}/guide`). */
export const CITIES: Readonly<Record<string, City>> = {
  lisbon: {
    name: "Lisbon",
    currency: "EUR",
    nightlyRateEur: 110,
    activities: ["Tram 28 through Alfama", "Belém tower and pastéis", "Day trip to Sintra"],
    weather: [
      ["sunny", 24],
      ["sunny", 25],
      ["partly cloudy", 23],
      ["sunny", 26],
      ["windy", 22],
      ["sunny", 24],
      ["light rain", 20],
    ],
    guide: {
      en: "# Lisbon\n\nSeven hills, yellow trams and custard tarts. Walk Alfama early, before the heat.\n",
      fr: "# Lisbonne\n\nSept collines, tramways jaunes et pastéis de nata. Parcourez l'Alfama tôt le matin.\n",
    },
  },
  oslo: {
    name: "Oslo",
    currency: "NOK",
    nightlyRateEur: 150,
    activities: ["Opera house roof walk", "Vigeland sculpture park", "Fjord ferry to Hovedøya"],
    weather: [
      ["cloudy", 14],
      ["light rain", 12],
      ["sunny", 17],
      ["cloudy", 15],
      ["sunny", 18],
      ["showers", 13],
      ["cloudy", 14],
    ],
    guide: {
      en: "# Oslo\n\nA compact capital on a fjord. Buy a public transport pass; the ferries are included.\n",
      fr: "# Oslo\n\nUne capitale compacte au bord d'un fjord. Le pass transports inclut les ferries.\n",
    },
  },
  kyoto: {
    name: "Kyoto",
    currency: "JPY",
    nightlyRateEur: 130,
    activities: ["Fushimi Inari at dawn", "Arashiyama bamboo grove", "Nishiki market lunch"],
    weather: [
      ["humid", 29],
      ["sunny", 31],
      ["thunderstorms", 27],
      ["sunny", 30],
      ["cloudy", 28],
      ["sunny", 31],
      ["humid", 30],
    ],
    guide: {
      en: "# Kyoto\n\nTemples, gardens and tea houses. Start early: the famous sights fill up by nine.\n",
      fr: "# Kyoto\n\nTemples, jardins et maisons de thé. Partez tôt : les sites célèbres se remplissent vite.\n",
    },
  },
};

/** Hotel price per night, in euros, for a city the demo does not know. */
export const DEFAULT_NIGHTLY_RATE_EUR = 120;

/** Activities for a destination the demo does not know. */
export const DEFAULT_ACTIVITIES = [
  "Old town walking tour",
  "Local market visit",
  "Museum afternoon",
];

/** Text of the static resource `demo://about`. */
export const ABOUT_TEXT =
  "Trip Planner is the demo server bundled with mcp-codegen.\n" +
  "Its answers come from fixed tables: prices, rates and forecasts are examples, not advice.\n";

/**
 * The city a free-text name refers to, matched case-insensitively against slugs and display
 * names ("Lisbon", "lisbon" and " LISBON " all find the same city).
 */
export function findCity(name: string): City | undefined {
  const wanted = name.trim().toLowerCase();
  return Object.entries(CITIES).find(
    ([slug, city]) => slug === wanted || city.name.toLowerCase() === wanted,
  )?.[1];
}
