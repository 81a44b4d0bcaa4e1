/** Ayo's tips, questions and lessons in Yoruba. Machine-assisted, not yet checked by a native speaker. */
import type { ContentFor } from "./types.js";

export const CONTENT_YO: ContentFor<"yo"> = {
  reviewed: false,
  general: {
    playingHeading: "Ṣíṣeré lórí ẹ̀rọ yìí",
    playing: [
      "Àwọn ihò rẹ máa ń tàn nígbà tí ó bá kàn ọ́. Tẹ ọ̀kan láti ta á, tàbí tẹ̀ ẹ́ mọ́lẹ̀ kí o sì fà á kọjá lórí àwọn ihò rẹ: òrùka oníkókó máa fi ibi tí ẹyọ tó kẹ́yìn yóò balẹ̀ sí hàn; gbé ìka rẹ sókè láti ta.",
      "Pẹ̀lú bọ́tìnnì ìtẹ̀wé, tẹ Tab láti lọ sí ihò tó ń tàn (òrùka náà fi ibi tí ó máa balẹ̀ sí hàn), lọ láàárín àwọn ihò rẹ pẹ̀lú àwọn bọ́tìnnì ọfà, kí o sì tẹ Enter láti ta; tàbí tẹ nọ́mbà ihò náà (1–9, tí a kà lẹ́gbẹ̀ẹ́ ìlà tìrẹ). P ń dá eré dúró, U ń dá ìgbésẹ̀ padà, H ń béèrè ìtọ́sọ́nà.",
      "Iye ẹyọ wà lẹ́gbẹ̀ẹ́ ihò àti àká kọ̀ọ̀kan. Ọwọ́ máa ń gbé àwọn ẹyọ pẹ̀lú iye tó ṣì wà lọ́wọ́; ẹyọ tí a kó máa ń fò lọ sí àká pẹ̀lú +n; àmì pupa máa ń fi ihò tí a ti ta ìgbésẹ̀ tó kẹ́yìn hàn.",
      "Dúró máa ń dá eré dúró, Dá a padà máa ń dá ìgbésẹ̀ rẹ tó kẹ́yìn padà nínú eré pẹ̀lú kọ̀ǹpútà, Ìtọ́sọ́nà máa ń dábàá ìgbésẹ̀ kan, Àtòjọ máa ń fi eré pamọ́ kí ó sì jáde. Àsíá túmọ̀ sí pé o juwọ́ sílẹ̀ nínú eré náà (tàbí, nínú ọ̀wọ́ eré, nínú gbogbo ọ̀wọ́ náà).",
      "Ọ̀wọ́ eré: lábẹ́ Ọ̀wọ́ eré, yan èyí tó dára jù nínú 3, 5 tàbí 7. Ẹni tó kọ́kọ́ borí ọ̀pọ̀ jù nínú àwọn eré ló gbà á (2 nínú 3, 3 nínú 5, 4 nínú 7). Àwọn òṣèré máa ń yípo bẹ̀rẹ̀ eré kọ̀ọ̀kan, àmì sì máa ń hàn lókè ọpọ́n.",
      "A máa ń fi eré kọ̀ọ̀kan pamọ́ lẹ́yìn ìgbésẹ̀ kọ̀ọ̀kan: tẹ̀síwájú rẹ̀ láti Tẹ̀síwájú.",
    ],
    levelsHeading: "Ìpele kọ̀ǹpútà",
  },
  captureDiagram: {
    summary: "Wo àwòrán kíkó",
    before: "Kí ìgbésẹ̀ tó bẹ̀rẹ̀, ihò 6 ní {from}, ihò 7, 8 àti 9 sì ní {a}, {b} àti {c}.",
    sown: "Títa ẹyọ 3 láti ihò 6 sọ ihò 7–9 di {a}, {b} àti {c}: ọpọ́n fi àkókò yìí hàn, ihò 6 ṣófo (àmì pupa), ẹyọ tó kẹ́yìn sì wà nínú ihò 9 (òrùka oníkókó). Lẹ́yìn náà kíkó ń padà sẹ́yìn láti ihò 9 kọjá ihò 8 àti 7, fún ẹyọ {captured}.",
    top: "Òṣèré kejì · ta láti ọ̀tún sí òsì",
    bottom: "Òṣèré kìíní · ta láti òsì sí ọ̀tún",
    note: "Ihò 6 ń bá a lọ sí ihò 7. Ihò 12 ń yípo padà sí ihò 1.",
  },
  games: {
    ayo: {
      tipsHeading: "Ọgbọ́n eré",
      tips: [
        "Dojú kọ ihò alátakò tí ó ní 1 tàbí 2: ẹyọ rẹ tó kẹ́yìn yóò sọ wọ́n di 2 tàbí 3.",
        "Tò ẹ̀wọ̀n: àwọn ihò tí ó tẹ̀léra lẹ́yìn ihò tí o balẹ̀ sí, tí ọ̀kọ̀ọ̀kan ní 1–2, ni a máa kó papọ̀.",
        "Ro ìdáhùn alátakò: ìgbésẹ̀ tí ó jèrè 2 ṣùgbọ́n tí ó jẹ́ kí alátakò rẹ kó 7 ń mú ọ sẹ́yìn. Kí o tó ta, wo àwọn ihò tìrẹ tí ó ní 1 tàbí 2, kí o sì kà bóyá alátakò lè dé ọ̀dọ̀ wọn.",
        "Ìbẹ̀rẹ̀ tí kò léwu kì í fi 1 tàbí 2 sílẹ̀ nínú ihò rẹ: lórí ọpọ́n tuntun, ihò 1 máa sọ ihò 2–5 di márùn-ún ọ̀kọ̀ọ̀kan.",
      ],
      faqHeading: "Àwọn ìbéèrè tí a máa ń béèrè",
      faq: [
        [
          "Kí ló dé tí a kò kó ihò tí ó ní ẹyọ 2?",
          "Ẹ̀wọ̀n tí ó bẹ̀rẹ̀ níbi tí ẹyọ rẹ tó kẹ́yìn balẹ̀ sí nìkan ló lè kó, ní ìhà alátakò nìkan. 2 tàbí 3 níbòmíràn kò léwu.",
        ],
        [
          "Kí ló dé tí eré kọjá dípò kí ó parí?",
          "Ìhà tó ṣófo kàn máa ń pàdánù àkókò rẹ̀ ni. Eré máa ń parí nígbà tí ẹnì kan bá kó 25, tàbí tí ẹyọ lórí ọpọ́n kò bá tó 4.",
        ],
        [
          "Kí ló dé tí ihò ìbẹ̀rẹ̀ mi ṣì ṣófo lẹ́yìn tí mo ta ẹyọ púpọ̀?",
          "A máa ń fo ihò ìbẹ̀rẹ̀ kọjá ní gbogbo ìyípo, nítorí náà ẹyọ méjìlá máa ń kan ihò mọ́kànlá yòókù, èkejìlá sì máa ń balẹ̀ sínú ihò tó tẹ̀lé ìbẹ̀rẹ̀.",
        ],
        [
          "Ṣé kóòdù yàrá máa ń jẹ́ kí ẹnikẹ́ni bẹ̀rẹ̀ sí ṣeré lójú ẹsẹ̀?",
          "Rárá. Ẹni tó ni yàrá gbọ́dọ̀ fọwọ́ sí ìbéèrè àlejò tuntun kọ̀ọ̀kan. Fi kóòdù rẹ ránṣẹ́ sí alátakò tí o fẹ́ bá ṣeré. Lẹ́yìn eré kan, àwọn òṣèré méjèèjì gbọ́dọ̀ gbà kí eré àtúnṣe tó bẹ̀rẹ̀.",
        ],
        [
          "Ṣé àwọn ẹ̀kọ́ tàbí eré pẹ̀lú kọ̀ǹpútà máa ń kan ipò mi?",
          "Rárá. Àwọn ẹ̀kọ́ yìí kì í fi àbájáde pamọ́. Ìdánrawò pẹ̀lú kọ̀ǹpútà wà lórí ẹ̀rọ rẹ, kò sì ní ipò; àbájáde eré ọlọ́pọ̀ òṣèré tí olupin ń darí nìkan ló ń kà sí àtẹ àwọn tó ń léwájú.",
        ],
      ],
      lessons: {
        "ayo-capture-seven": {
          title: "Kó ẹyọ méje",
          prompt: "Ìwọ ló ni ihò 1–6. Sọ ibi tí ẹyọ 3 inú ihò 6 yóò balẹ̀ sí, lẹ́yìn náà gbìyànjú rẹ̀.",
          question: "Ẹyọ mélòó ni o máa kó?",
          choices: ["0", "2", "5", "7"],
          answer:
            "Ihò 9 parí pẹ̀lú ẹyọ 2. Bí a ti ń padà sẹ́yìn, ihò 8 ní 3, ihò 7 sì ní 2: a kó àwọn mẹ́tẹ̀ẹ̀ta, ó di 7. Ihò 6 wà ní ìhà tìrẹ, nítorí náà ẹ̀wọ̀n náà dúró.",
        },
        "ayo-safe-opening": {
          title: "Ṣí eré láìséwu",
          prompt: "Lórí ọpọ́n tuntun, gbìyànjú ẹyọ 4 inú ihò 1.",
          question: "Àwọn ihò wo ni yóò yí padà?",
          choices: [
            "Ihò 1–5: ihò 1 ṣófo, ihò 2–5 di 5",
            "Ihò 1–6: ihò 1 ṣófo, ihò 2–6 di 5",
            "Ihò 2–5 nìkan: ihò 1 ṣì ní ẹyọ kan",
          ],
          answer:
            "Ihò 2–5 ọ̀kọ̀ọ̀kan di 5, ihò 1 sì ṣófo. Ẹyọ tó kẹ́yìn wà ní ìhà tìrẹ, nítorí náà kò sí kíkó. Tí kò bá sí ihò tìrẹ tó ní 1 tàbí 2, alátakò rẹ kò ní rí ihò tí ó lè kó lójú ẹsẹ̀.",
        },
        "ayo-capture-stops": {
          title: "Wá ibi tí kíkó ti dúró",
          prompt: "Gbìyànjú ẹyọ 5 inú ihò 5.",
          question: "Ṣé kíkó náà yóò kọjá ihò 10?",
          choices: ["Bẹ́ẹ̀ ni: a kó ihò 9 pẹ̀lú", "Rárá: ihò 10 nìkan ni a kó"],
          answer: "Ihò 10 di 2, a sì kó o. Ihò 9 di 5, èyí sì dá ẹ̀wọ̀n náà dúró. Kíkó kì í fo ihò tí iye rẹ̀ kò tọ́ kọjá.",
        },
        "ayo-skip-start": {
          title: "Fo ihò ìbẹ̀rẹ̀ kọjá",
          prompt: "Nínú ìdánrawò yìí, ìwọ ló ni ihò 7–12. Gbìyànjú ẹyọ 12 inú ihò 7, kí o sì wo bí ó ṣe yípo.",
          question: "Ihò wo ló máa gba ẹyọ méjì láti inú ìgbésẹ̀ yìí?",
          choices: ["Ihò 7", "Ihò 8", "Ihò 1"],
          answer:
            "Ìyípo kan máa ń kan ihò 11 yòókù, ó sì máa ń fo ihò 7 kọjá. Ẹyọ kejìlá padà sí ihò 8, tí ó gba ẹyọ méjì lápapọ̀. Ihò ìbẹ̀rẹ̀ ṣì ṣófo.",
        },
      },
    },
  },
};
