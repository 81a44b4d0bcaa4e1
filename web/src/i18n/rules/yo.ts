/** Ayo's rules in Yoruba. Machine-assisted, not yet checked by a native speaker. */
import type { RulesTranslation } from "./types.js";

export const RULES_YO: RulesTranslation = {
  reviewed: false,
  guides: {
    ayo: {
      intro:
        "Ayò (ayò ọlọ́pọ́n) ni eré ìfúnrúgbìn àwọn Yorùbá: ihò méjìlá lórí ọpọ́n, ẹyọ mẹ́rin nínú ọ̀kọ̀ọ̀kan, 48 lápapọ̀. Ta ẹyọ, kó méjì àti mẹ́ta bí o ti ń padà sẹ́yìn, kí o sì kọ́kọ́ dé 25.",
      sections: {
        0: {
          heading: "Òfin",
          items: [
            "Ihò 12, ẹyọ 4 nínú ọ̀kọ̀ọ̀kan: 48 lápapọ̀. Òṣèré kìíní ló ni ihò 1–6, òun ló sì kọ́kọ́ ta; òṣèré kejì ló ni ihò 7–12. Nínú ọ̀wọ́ eré, àwọn òṣèré máa ń yípo bẹ̀rẹ̀ eré kọ̀ọ̀kan.",
            "Kó gbogbo ẹyọ inú ihò kan ní ìhà rẹ, kí o sì fi ẹyọ kan sínú ihò kọ̀ọ̀kan tó tẹ̀lé e, ní ìlòdì sí ọwọ́ aago; lẹ́yìn 12 ni 1. Ihò tí o ti kó ẹyọ kì í gba ẹyọ ní ìyípo kankan, nítorí náà yóò ṣófo nígbà tí ìgbésẹ̀ bá parí.",
            "Bí ẹyọ rẹ tó kẹ́yìn bá bọ́ sí ìhà alátakò, tí ihò náà sì di 2 tàbí 3 gẹ́lẹ́, kó o. Lẹ́yìn náà wo ihò tó ṣáájú rẹ̀: bí òun náà bá ní 2 tàbí 3, tí ó sì wà ní ìhà alátakò, kó o pẹ̀lú, bẹ́ẹ̀ lọ sẹ́yìn. Dúró ní iye mìíràn tàbí ní ìhà tìrẹ.",
            "Kò sí ẹyọ ní ìhà rẹ? O kọjá. Ìhà tó ṣófo nìkan kò parí eré, kò sì sí ọ̀ranyàn láti fún alátakò tí kò ní ẹyọ lóúnjẹ: a gbà kí o kó gbogbo ìhà rẹ̀.",
            "Eré parí nígbà tí ẹnì kan bá ti kó 25 tàbí jù bẹ́ẹ̀ lọ, tàbí tí ẹyọ tó kù lórí ọpọ́n kò bá tó 4. Ẹni tí ó kó jù ló borí; bí wọ́n bá dọ́gba, ọ̀mì ni. Ẹyọ tí ó kù lórí ọpọ́n kì í ṣe ti ẹnikẹ́ni.",
            "Pẹ̀lú kọ̀ǹpútà, ipò tí ó bá padà wá nígbà kẹta máa parí eré pẹ̀lú àmì tó wà. Láàárín ènìyàn, òṣèré kọ̀ọ̀kan lè dábàá láti parí eré pẹ̀lú àmì tó wà, èkejì á sì pinnu.",
          ],
        },
      },
    },
  },
};
