/**
 * The brands (vendors) of the pool and spa trade. `partPatterns` describe each brand's
 * part-number format (# digit, @ capital letter, anything else literal); templates may override them.
 */
export interface BrandSeed {
  handle: string;
  name: string;
  /** How titles name the brand ("Zodiac Jandy ..."). Defaults to `name`. */
  titleName?: string;
  description: string;
  website: string;
  partPatterns: string[];
}

export const brands: readonly BrandSeed[] = [
  {
    handle: "hayward",
    name: "Hayward",
    description:
      "Hayward has built pool equipment in the USA since 1925: Super Pump and TriStar pumps, Pro Series sand filters, SwimClear cartridge filters, H-Series heaters, AquaRite salt systems and OmniLogic automation.",
    website: "https://hayward.com",
    partPatterns: [
      "SPX####@",
      "SPX####@@",
      "SPX####Z#",
      "AXW###@",
      "CX###@@",
      "DEX####@@",
      "HAX@@@####",
      "IDXL2@@@####",
    ],
  },
  {
    handle: "pentair",
    name: "Pentair",
    description:
      "Pentair makes IntelliFlo variable speed pumps, Clean & Clear and Triton filters, MasterTemp heaters, IntelliChlor salt cells, IntelliBrite LED lights and the IntelliCenter automation platform.",
    website: "https://pentair.com",
    partPatterns: ["0#####", "07####", "35####", "27####", "47####", "52####", "60####"],
  },
  {
    handle: "zodiac",
    name: "Zodiac",
    description:
      "Zodiac Pool Systems makes MX and Baracuda suction cleaners, TRi and GenSalt chlorinators and the replacement parts that keep Zodiac, Jandy and Polaris equipment running.",
    website: "https://zodiac.com",
    partPatterns: ["R0####00", "R0####0#", "W######"],
  },
  {
    handle: "jandy",
    name: "Jandy",
    titleName: "Zodiac Jandy",
    description:
      "Jandy, part of Zodiac, is known for Never Lube valves, FloPro and VS FloPro pumps, CV and CS cartridge filters, JXi and LXi heaters and AquaLink automation.",
    website: "https://jandy.com",
    partPatterns: ["R0####00", "R0####0#", "R0####1#"],
  },
  {
    handle: "polaris",
    name: "Polaris",
    description:
      "Polaris pressure-side cleaners (280, 380, 3900 Sport, Vac-Sweep 360) and the Polaris robotic line. Genuine sweep hoses, tires, feed hoses and backup valves.",
    website: "https://polarispool.com",
    partPatterns: ["9-100-####", "@#", "@##", "6-###-00", "R0####00"],
  },
  {
    handle: "raypak",
    name: "Raypak",
    description:
      "Raypak has made copper-fin heaters since 1947: digital and millivolt gas pool heaters, Crosswind heat pumps and the heat exchangers, igniters and boards to repair them.",
    website: "https://raypak.com",
    partPatterns: ["46####", "00####", "01####", "P-R###@-@-##"],
  },
  {
    handle: "sta-rite",
    name: "Sta-Rite",
    description:
      "Sta-Rite, now part of Pentair, built the Dura-Glas, Max-E-Glas and SuperMax pumps and the System 3 cartridge filters still found on many pads.",
    website: "https://pentair.com",
    partPatterns: ["C##-###", "U9-###", "17####-####", "2####-####", "U##-###"],
  },
  {
    handle: "balboa",
    name: "Balboa",
    description:
      "Balboa Water Group supplies the control systems, topside panels, heaters and circulation pumps inside most brand-name hot tubs.",
    website: "https://balboawater.com",
    partPatterns: ["5####", "5####-##", "###@##-##"],
  },
  {
    handle: "gecko",
    name: "Gecko",
    description:
      "Gecko Alliance makes the in.xe, in.yt and in.xm2 spa packs, in.k keypads and in.touch Wi-Fi modules used by many spa manufacturers.",
    website: "https://geckoal.com",
    partPatterns: ["0###-######", "9920-######"],
  },
  {
    handle: "waterway",
    name: "Waterway",
    description:
      "Waterway Plastics makes spa jets, spa pumps (Executive, Iron Might), filter housings and pool and spa plumbing parts in California.",
    website: "https://waterwayplastics.com",
    partPatterns: ["###-####", "###-####@", "3###-####"],
  },
  {
    handle: "aqua-flo",
    name: "Aqua-Flo",
    description:
      "Aqua-Flo (Gecko) pumps for pools and spas: Flo-Master, Circ-Master and XP2e, plus wet ends, seals and motors to rebuild them.",
    website: "https://geckoal.com",
    partPatterns: ["0#1##000", "0#1##5##", "92#-####"],
  },
  {
    handle: "jacuzzi",
    name: "Jacuzzi",
    description:
      "Genuine Jacuzzi hot tub parts: ProClarity filters, jets, pillows, circulation pumps and J-series controls for J-200 through J-400 spas.",
    website: "https://jacuzzi.com",
    partPatterns: ["6###-###", "6###-####", "2###-###"],
  },
  {
    handle: "dolphin",
    name: "Dolphin",
    titleName: "Maytronics Dolphin",
    description:
      "Maytronics Dolphin robotic pool cleaners (Nautilus, Premier, Sigma, Triton) and their genuine filter baskets, brushes, tracks, cables and power supplies.",
    website: "https://maytronics.com",
    partPatterns: ["9999####", "9999####-@@", "9995####-@@"],
  },
  {
    handle: "intex",
    name: "Intex",
    description:
      "Intex above-ground pools, cartridge and sand filter pumps, saltwater systems and the cartridges, hoses and strainers that fit them.",
    website: "https://intexcorp.com",
    partPatterns: ["2####E", "2####EG", "1####"],
  },
  {
    handle: "unicel",
    name: "Unicel",
    description:
      "Unicel has made replacement pool and spa filter cartridges in Los Angeles since 1972, with cross-references to nearly every filter on the market.",
    website: "https://unicelfilters.com",
    partPatterns: ["C-####", "#CH-##", "#CH-###", "UHF-####"],
  },
  {
    handle: "pleatco",
    name: "Pleatco",
    description:
      "Pleatco replacement cartridges are pleated from Reemay media with antimicrobial end caps; the PRB, PA and PWW series fit most pool and spa filters.",
    website: "https://pleatco.com",
    partPatterns: ["P@@##", "P@@##-IN", "P@@##-#", "P@@@##", "P@@##-IN-#"],
  },
  {
    handle: "filbur",
    name: "Filbur",
    description:
      "Filbur makes pool and spa cartridges and DE grids that cross-reference the OEM parts, with reinforced end caps and high-quality polyester media.",
    website: "https://filbur.com",
    partPatterns: ["FC-####", "FC-#####", "FC-9###"],
  },
  {
    handle: "smartpool",
    name: "Smartpool",
    description:
      "Smartpool makes pool alarms, solar covers and reels, and water-chemistry products for residential pools.",
    website: "https://smartpool.com",
    partPatterns: ["NC##", "NC###", "S##@"],
  },
  {
    handle: "carvin",
    name: "Carvin",
    description:
      "Carvin (Pentair) made the pumps and filters of many 1990s pools; we carry the seals, diffusers and impellers that still fit them.",
    website: "https://pentair.com",
    partPatterns: ["88###-####", "3###-##", "15####"],
  },
  {
    handle: "custom-molded-products",
    name: "Custom Molded Products",
    description:
      "Custom Molded Products (CMP) makes spa jets, diverter valves, wall fittings, drain covers and pool cleaner parts used by spa builders across the country.",
    website: "https://c-m-p.com",
    partPatterns: ["2####-###-###", "2####-###-000", "27###-###"],
  },
  {
    handle: "val-pak",
    name: "Val-Pak",
    description:
      "Val-Pak Products makes replacement parts for pumps, filters, heaters and valves: o-rings, gaskets, lids, baskets and diffusers, cross-referenced to the OEM number.",
    website: "https://valpakproducts.com",
    partPatterns: ["V##-###", "V##-###@", "V##-####"],
  },
  {
    handle: "aquacal",
    name: "AquaCal",
    description:
      "AquaCal builds heat pumps and chillers in St. Petersburg, Florida: HeatWave SuperQuiet, TropiCal and Great Big Bopper.",
    website: "https://aquacal.com",
    partPatterns: ["@@###@", "AQ-####", "SQ###R"],
  },
  {
    handle: "hydro-quip",
    name: "Hydro-Quip",
    description:
      "Hydro-Quip makes spa heaters, heater manifolds and spa control systems, plus flow switches and pressure switches for most spa packs.",
    website: "https://hydroquip.com",
    partPatterns: ["CS####-@", "##-####", "34-####-#"],
  },
  {
    handle: "century",
    name: "Century",
    titleName: "Century",
    description:
      "Century (Regal Rexnord) pool and spa motors: full-rated and up-rated square-flange and C-face motors, VGreen variable speed motors and replacement capacitors.",
    website: "https://regalrexnord.com",
    partPatterns: ["B####", "B###", "UST####", "B2###"],
  },
  {
    handle: "aladdin",
    name: "Aladdin",
    description:
      "Aladdin Equipment makes o-rings, gaskets and seals for pool and spa pumps, filters, valves and heaters, sold by the OEM cross-reference number.",
    website: "https://aladdinequipment.com",
    partPatterns: ["O-###", "O-###-#", "GO-KIT##", "SP-###"],
  },
  {
    handle: "leisure-time",
    name: "Leisure Time",
    description:
      "Leisure Time spa chemicals: bromine and chlorine sanitizers, pH balancers, clarifiers and enzymes sized for hot tubs.",
    website: "https://leisuretimespa.com",
    partPatterns: ["@##", "@@##", "###@"],
  },
  {
    handle: "natural-chemistry",
    name: "Natural Chemistry",
    description:
      "Natural Chemistry makes enzyme-based pool and spa products: Pool Perfect, PHOSfree and Spa Perfect, which break down oils and remove phosphates.",
    website: "https://naturalchemistry.com",
    partPatterns: ["0####", "1####"],
  },
  {
    handle: "hth",
    name: "HTH",
    description:
      "HTH pool care: stabilized chlorine tablets, cal-hypo shock, balancers, algaecides and 6-way test strips sold at pool stores for over 90 years.",
    website: "https://hthpools.com",
    partPatterns: ["4####", "2####", "6####"],
  },
  {
    handle: "taylor",
    name: "Taylor",
    description:
      "Taylor Technologies makes the reagent test kits pool professionals rely on: K-2006, K-2005 and the FAS-DPD chlorine method, plus refills.",
    website: "https://taylortechnologies.com",
    partPatterns: ["K-####", "K-####-@", "R-####-@"],
  },
  {
    handle: "sr-smith",
    name: "S.R. Smith",
    description:
      "S.R. Smith makes pool lights, deck equipment, handrails, ladders and slides, with a full line of LED pool and spa lights.",
    website: "https://srsmith.com",
    partPatterns: ["@@@-##-###", "##-###-####"],
  },
  {
    handle: "del-ozone",
    name: "Del Ozone",
    description:
      "DEL Ozone makes corona-discharge and UV ozone generators for spas and pools, with the injectors and check valves to go with them.",
    website: "https://delozone.com",
    partPatterns: ["7###-##", "@@@-###", "MCD-##"],
  },
];

export function brandByHandle(handle: string): BrandSeed {
  const brand = brands.find((b) => b.handle === handle);
  if (!brand) throw new Error(`Unknown brand ${handle}`);
  return brand;
}
