/** Tsoro's rules in Shona. Machine-assisted, not yet checked by a native speaker. */
import type { RulesTranslation } from "./types.js";

export const RULES_SN: RulesTranslation = {
  reviewed: false,
  guides: {
    tsoro: {
      intro:
        "Tsoro mutambo weZimbabwe wekudyara une mitsara mina yemaburi. Mutambi mumwe nemumwe ane mitsara miviri iri pedyo naye, uye mhodzi dzinofamba dzichitenderera mitsara yako miviri chete. Itambe yechinyakare (Classic), apo mhodzi dzinotorwa dzinobva pabhodhi, kana Anokunda Anotora Zvese, apo unofanira kuva nemhodzi dzese.",
      sections: {
        0: {
          heading: "Bhodhi",
          items: [
            "Sarudza maburi 4 kusvika 12 pamutsara nemhodzi 1 kusvika 10 muburi rimwe nerimwe. Divi rako rinogara riri mitsara miviri yepasi; mutsara wako wepamusoro wakatarisana nemutsara wepamusoro wemuvengi wako.",
            "Mhodzi dzinogara dzichifamba dzichipesana newachi dzichitenderera mitsara yako miviri: kubva kuruboshwe kuenda kurudyi pamutsara wako wepasi, wobva kurudyi kuenda kuruboshwe pamutsara wepamusoro, wotenderera zvakare.",
            "Munhevedzano vatambi vanochinjana kutanga mutambo wega wega.",
            "Muna Classic uye muna Anokunda Anotora Zvese, kufamba kumwe hakupfuuri kuenderera 100: kana mhodzi yekupedzisira yekuenderera kwe100 yawira panotangira kumwe kuenderera, kufamba kunoperera ipapo uye mhodzi dzinosara padziri. Kutora kunotanga kutariswa, sezvinogara zvakaita.",
          ],
        },
        1: {
          heading: "Classic",
          items: [
            "Dyara: simudza mhodzi dzese kubva muburi rako ripi neripi rine mhodzi (kunyange imwe chete) uise imwe muburi rimwe nerimwe.",
            "Enderera: kana mhodzi yekupedzisira yawira muburi raitova nemhodzi, simudza buri iroro rese uenderere uchidyara.",
            "Tora: kana mhodzi yekupedzisira yawira mumutsara wako wepamusoro muburi raitova nemhodzi, uye buri repamusoro remuvengi wako rakatarisana naro rine mhodzi, tora maburi ake ese ari mukoramu iyoyo (repamusoro nerepasi). Mhodzi dzatorwa dzinobva pabhodhi dzoverengerwa iwe. Nguva yako yapera.",
            "Mira: mhodzi yekupedzisira muburi risina chinhu inopedza nguva yako.",
            "Kukunda: mutambi asina mhodzi dzekutamba anokundwa. Mushure mekufamba 50 pasina kutora, ane mhodzi zhinji pabhodhi anokunda.",
          ],
        },
        2: {
          heading: "Anokunda Anotora Zvese",
          items: [
            "Bhodhi nekudyara zvakafanana, asi mhodzi dzatorwa dzinodzokera mumutambo kudivi rako: chinangwa ndechokuva nemhodzi dzese.",
            "Enderera uchibva pamutsara wako wepasi sezviri muna Classic.",
            "Tora: kana mhodzi yako yekupedzisira yawira mumutsara wako wepamusoro muburi raitova nemhodzi, uye buri repamusoro remuvengi rakatarisana naro rine mhodzi, tora maburi ake epamusoro nepasi ari mukoramu iyoyo wobva wangodyara mhodzi idzodzo, kubva muburi rinotevera rawawira.",
            "Nhevedzano: panowira yekupedzisira yadzo, zvinotariswa zvakafanana: tora zvakare, enderera uchibva pamutsara wepasi, kana mira.",
            "Mira: nguva yako inopera paburi risina chinhu, kana mumutsara wako wepamusoro kana buri rakatarisana naro risina chinhu.",
            "Kukunda: iva nemhodzi dzese. Mushure mekufamba 80 pasina kutora, kana pakufamba 400, ane mhodzi zhinji anokunda.",
          ],
        },
      },
    },
  },
};
