/** Store questions and answers (/questions), grouped by topic. */
export interface QuestionTopicSeed {
  handle: string;
  title: string;
  questions: readonly (readonly [question: string, answer: string])[];
}

export const questionTopics: readonly QuestionTopicSeed[] = [
  {
    handle: "pumps-and-motors",
    title: "Pumps & Motors",
    questions: [
      [
        "Can I replace a single speed pump with a variable speed pump myself?",
        "Yes, if you are comfortable with plumbing and 230 V wiring. Most variable speed pumps fit the same plumbing with unions. The wiring should be done by an electrician if you are unsure, and the pump must be bonded.",
      ],
      [
        "My pump hums but does not start. What is wrong?",
        "Most often the start capacitor has failed, or the impeller is jammed with debris. Turn off the power and check that the motor shaft turns freely with a screwdriver in the slot at the back of the motor.",
      ],
      [
        "What is the difference between full rated and up rated motors?",
        "A full rated motor delivers its nameplate horsepower with a higher service factor; an up rated motor of the same nameplate delivers less. Replace a motor with the same rating, or you will change the flow.",
      ],
      [
        "How long should I run my pool pump each day?",
        "Enough to turn the water over once a day, usually 8-12 hours at low speed for a variable speed pump. In hot weather or heavy use, run it longer.",
      ],
      [
        "Water leaks between the pump and motor. Which part do I need?",
        "The shaft seal. Buy the seal for your pump model, and replace the housing and diffuser o-rings at the same time.",
      ],
      [
        "Do you sell pump motors for older Sta-Rite pumps?",
        "Yes. Sta-Rite pumps take standard 48 or 56 frame square-flange or C-face motors. Match the horsepower, the service factor and the frame on the label.",
      ],
      [
        "Is my pump 115V or 230V?",
        "Check the motor label. Many motors are dual-voltage and are set by a switch or jumper under the rear cover; the label shows how.",
      ],
    ],
  },
  {
    handle: "filters-and-cartridges",
    title: "Filters & Cartridges",
    questions: [
      [
        "How do I know which cartridge fits my filter?",
        "Search for the model of your filter or the number printed on your old cartridge. Every cartridge page lists its diameter, length, the top and bottom openings and the filters it fits.",
      ],
      [
        "Are Unicel, Pleatco and Filbur cartridges the same?",
        "They are made to the same dimensions as the original cartridge and cross-reference each other. They differ slightly in media and end caps; all three are quality brands.",
      ],
      [
        "How often should I replace my spa filter?",
        "Every 12-18 months, or sooner if it stays dirty after cleaning. Rinse it every two weeks and soak it in a cleaner every few months.",
      ],
      [
        "How much sand does my filter need?",
        "The filter's label lists it, in pounds. As a guide, a 24 in tank needs about 300 lb of #20 silica sand.",
      ],
      [
        "Can I use glass media in my sand filter?",
        "Yes. Use about 20 percent less glass by weight than sand. Glass filters finer and backwashes with less water.",
      ],
      [
        "My filter pressure is high right after cleaning. Why?",
        "Check for a closed return valve, a clogged return line or a stuck multiport. A new cartridge or fresh DE also runs a little higher at first.",
      ],
    ],
  },
  {
    handle: "heaters",
    title: "Heaters & Heat Pumps",
    questions: [
      [
        "What size heater do I need?",
        "As a rule of thumb, 50,000 BTU per 100 sq ft of pool surface for a 20 F rise in moderate climates. Larger heaters warm faster and cost the same per degree.",
      ],
      [
        "Can I convert my heater from natural gas to propane?",
        "Many heaters can be converted with the manufacturer's conversion kit, installed by a licensed gas technician. Check your model's manual.",
      ],
      [
        "Why does my heat pump run but not heat?",
        "Check the air temperature: below 50 F, output drops sharply. Then check the water flow, the filter and the evaporator coils for dirt or ice.",
      ],
      [
        "Do heaters ship free?",
        "Heaters and heat pumps ship by freight and are quoted separately. Call us for a freight quote to your address.",
      ],
      [
        "What does the 'PS' or 'Service Heater' code mean?",
        "The pressure switch is open: there is not enough water flow. Clean the filter and check the pump before replacing the switch.",
      ],
    ],
  },
  {
    handle: "spa-and-hot-tub",
    title: "Spa & Hot Tub",
    questions: [
      [
        "How do I find my spa pack's part number?",
        "Open the equipment bay and look at the label on the control box lid. Balboa numbers are five digits, Gecko numbers look like 0202-300029.",
      ],
      [
        "My spa shows FLO. Do I need a new pack?",
        "Almost never. FLO means low flow: clean or replace the filter, bleed air from the pump, and open all valves. If it persists, test the pressure switch.",
      ],
      [
        "Can I use a pool chemical in my hot tub?",
        "Use products made for spas: dosing is different at 104 F and in small volumes, and some pool products foam.",
      ],
      [
        "What causes foam in a hot tub?",
        "Soaps, lotions and detergents on swimsuits. Use a foam remover for a quick fix, and drain and refill every three to four months.",
      ],
      [
        "Do you sell replacement jets for all spa brands?",
        "We carry Waterway and CMP jets, which fit most brands. Measure the jet face and check the manufacturer's name molded on the back of the old jet.",
      ],
      [
        "How long do spa heaters last?",
        "Typically five to eight years. Scale and low-flow conditions shorten their life. Keep calcium in range and the filter clean.",
      ],
    ],
  },
  {
    handle: "cleaners-and-salt-systems",
    title: "Cleaners & Salt Systems",
    questions: [
      [
        "My pressure cleaner goes in circles. What should I check?",
        "Check the wheel speed with a gauge, the back-up valve, and the feed hose for twists. Worn tires and a stretched belt also cause circling.",
      ],
      [
        "How often do I clean my salt cell?",
        "Inspect it every three months. Clean it only when you see white scale, with a mild acid solution, as the manufacturer describes.",
      ],
      [
        "Can I add salt with the generator running?",
        "Turn the generator off, add the salt, brush it around and let the pump circulate for 24 hours before turning the generator back on.",
      ],
      [
        "Are generic salt cells as good as OEM?",
        "Good compatible cells use the same titanium plates and coatings and carry their own warranty. They fit the OEM control without changes.",
      ],
      [
        "Which robotic cleaner is best for a vinyl pool?",
        "Choose one with soft PVA or combined brushes; Dolphin and Polaris both offer vinyl-friendly brushes.",
      ],
    ],
  },
  {
    handle: "orders-and-shipping",
    title: "Orders & Shipping",
    questions: [
      [
        "Do you ship to Canada?",
        "Yes, at cost. Duties and taxes are paid by the recipient. Some chemicals cannot ship across the border.",
      ],
      ["Can I pick up my order?", "We ship every order from our warehouse; we do not have a walk-in counter."],
      [
        "Do you offer discounts to pool professionals?",
        "Yes. Contact us with your business details to open a trade account.",
      ],
      [
        "Can I get a price for a part that shows 'call for price'?",
        "Yes, call or chat with us. Some manufacturers do not allow us to show our price online.",
      ],
      ["Is my card charged when I order?", "We authorize your card when you order and charge it when the order ships."],
      [
        "What if a part is backordered?",
        "Backordered items ship as soon as they arrive from the manufacturer, usually within 5-10 business days. We e-mail you the tracking number, and you can cancel at any time before it ships.",
      ],
    ],
  },
];

/** People who answer on the store's behalf. */
export const answerers = [
  "Mike D., Pool Tech",
  "Karen W., Spa Specialist",
  "Carlos R., Service Manager",
  "Dave M., Pool Tech",
];
export const askers = [
  "Ron",
  "Teresa",
  "Phil",
  "Amy",
  "Jose",
  "Donna",
  "Greg",
  "Laura",
  "Tom",
  "Kim",
  "Brian",
  "Sandra",
];
