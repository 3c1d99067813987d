/** Menus: the header's main menu (built from the category tree by the seeder) and the footer's links. */
export const MAIN_MENU = { handle: "main-menu", title: "Main menu" };

/** Extra links at the end of the main menu. */
export const mainMenuExtraLinks: readonly { title: string; url: string }[] = [
  { title: "Brands", url: "/brands" },
  { title: "Blog", url: "/blog" },
];

export const FOOTER_MENU = { handle: "footer-information", title: "Information" };

export const footerLinks: readonly { title: string; url: string }[] = [
  { title: "About Us", url: "/Articles.asp?ID=101" },
  { title: "Shipping Details", url: "/Articles.asp?ID=257" },
  { title: "Returns & Exchanges", url: "/Articles.asp?ID=258" },
  { title: "Help Center", url: "/help.asp" },
  { title: "Questions & Answers", url: "/questions" },
  { title: "Contact Us", url: "/contact-us" },
  { title: "Privacy Policy", url: "/Articles.asp?ID=102" },
  { title: "Terms of Use", url: "/Articles.asp?ID=103" },
];
