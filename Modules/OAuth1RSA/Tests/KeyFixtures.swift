/// Key files for the loading tests, generated for this project with Python's `cryptography`
/// (and OpenSSL for the 512-bit key, which `cryptography` will not make). Test data only.
enum KeyFixtures {
    /// A 1024-bit RSA key, PKCS #1 (`RSA PRIVATE KEY`).
    static let rsaPKCS1 = """
        -----BEGIN RSA PRIVATE KEY-----
        MIICXAIBAAKBgQC5l8Bj0QigayDYZZEivx1lTUQW2jMKVo2f3ILmx7DcHGybOBpM
        FWYeBeb8Ak1a3kRYGcMeqW0D43QVEimNkZFlFy5vP4xkDcm4e7aXyKrbhNzaRWxm
        mujx2HGRYw0zkFj50VgHVUEb5j7n9ILo1cbmqT6Zfb74h+rOZ59jXtvRdQIDAQAB
        AoGAYvZ6Tj9ufCvjrcAq7f4+rH/Q6OadBMw2ZKHu4yRkOFqnxvTZgOyAMU4wZvzL
        RsLyapACLV1mlgY5JeszYRvYDMjJ92JZrAATtZFHuxP2p4e3HgSmqI4e1TY463nn
        244wxffwBNMdG+c8YGQMSB3x+Pv9F62VYVpbSKNSGLdKgNkCQQDmSmvd2QOmcthJ
        yDHMivj1ouJGDFVo1/itsG77suxol8Q6K78IfWk4tl93lVT29U3j/zMM6TJlPO9X
        DJenjafrAkEAzk/jeBR3pGwX4H2RKgOVJ5RLkc8OPrb53M8oY9db5qg6WNFShKE+
        31hkYmeMJcYS+esGxz1sluM9AO9rlFp0HwJBAKmDpIzjvpUaOm1tKIMI1SNy555q
        W8BWIZ4wnjE2TmDbPj0XkIH+VqLBU9qhmK5EeTZX1sstKMRuqzrncQaL9ksCQC4r
        PpI+sk9/SRCZyQSH7LcAvrCQj3WFaQD68uT06sIBX51Eqpy3oORGWaCT348Mdm6r
        I8cufcB+dcZhzcdTPq0CQEJaZL4F1GOJ9Z1KWYI/YQbeX2/dcr/mX0eDsOGVfLzJ
        d90dPfiSN2wGknS48/1rZjPylGhNfqkQ/Cv2AA0p5GU=
        -----END RSA PRIVATE KEY-----
        """

    /// Its public half, PKCS #1 (`RSA PUBLIC KEY`).
    static let rsaPKCS1Public = """
        -----BEGIN RSA PUBLIC KEY-----
        MIGJAoGBALmXwGPRCKBrINhlkSK/HWVNRBbaMwpWjZ/cgubHsNwcbJs4GkwVZh4F
        5vwCTVreRFgZwx6pbQPjdBUSKY2RkWUXLm8/jGQNybh7tpfIqtuE3NpFbGaa6PHY
        cZFjDTOQWPnRWAdVQRvmPuf0gujVxuapPpl9vviH6s5nn2Ne29F1AgMBAAE=
        -----END RSA PUBLIC KEY-----
        """

    /// The same key, PKCS #8 encrypted with the passphrase `passphrase` (`ENCRYPTED PRIVATE KEY`).
    static let encryptedPKCS8 = """
        -----BEGIN ENCRYPTED PRIVATE KEY-----
        MIIC5TBfBgkqhkiG9w0BBQ0wUjAxBgkqhkiG9w0BBQwwJAQQC522q61vYo3s7rjI
        AOPuPgICCAAwDAYIKoZIhvcNAgkFADAdBglghkgBZQMEASoEEDtavPaiUINmE05j
        s/BrIlAEggKAdKwLGy3quyVo+tT/YWbRO/zgfGz+6S138CRdJ0hPl3JYNdEBUNvb
        XB9LJclSZF8vHbxDzZCe9uTPIOzGNETI9082JbTXnZWEygxpjW0pNvSnlc4zO8Jo
        /WkcJ6YRYt0Q1yXxme5O4LG88lW7wvCtRMMayj4mR1jybuOQWs7KeTuCsT0z4hBq
        lR2HdH1j7wW/K8PTJNQolw8H5EAgD+FsM20Fq3z8R7b+zcneYlAai7v3stFW3Oui
        x1LYJRJj0v6ueDui8K7xfRJednrnyu+ad1KFQNz6maiSunrVontu6WXnUwxRO/Z+
        dGPL48OI5OFzyl8PwesJDZeAmHTxRc6zcp6PEUC9r3CRl8ZarcuqF7DCudY9t6iK
        SlBXZ/9feLMihY0taf7/MzJXv9vCc87I33HzoFXkePFUtO1Dw+pKF1Epz6BJu/An
        MaQPFEH9+g2Z8MUZKe7uJ7bJ3cfixCNecIEflG9BthjD62OTmswBWJa6AW2/4Jul
        Ja5bRuP6dasxI7LhBBaBSLTtXXdKvnBsi6kFrGvFPpIGWEx0WlHI0sxNqNm+icO3
        oFTHCyvLUpNbq/vcAM+xwokYDPPIvkOVjYVwemYJe5ZDaPx89G9nM4ETdw7b3C9c
        /OTzAdUUF+lkLCOy+GPtfFEhnBDtGqupeHnnr0i3ZyjXlCT2h4p5alTsV6iUIj6D
        qI4vDGBDgjNFZgfdOgDXnr9lfSNG0p5pbMgzi1ycErqIAe1eF3jQfbPg+9RPNzse
        1NdFuJAQA1+U+YcodlMJyY7eXLZHGhYWKenwx0C5ypz7NPORC3EGoCgRw1dXSXYI
        v0IOb1USPN59iicDOEogcuxD3ZcDTe2lig==
        -----END ENCRYPTED PRIVATE KEY-----
        """

    /// The same key, OpenSSL's traditional encryption (`Proc-Type: 4,ENCRYPTED`).
    static let encryptedTraditional = """
        -----BEGIN RSA PRIVATE KEY-----
        Proc-Type: 4,ENCRYPTED
        DEK-Info: AES-256-CBC,1E2CB825D035CDA7E44217FF7A423DD0

        R6lMyYqBsQifrr1rX45nK3pFqdnNFsz3yo0DFxx9JT0rCVj41LwDPtkQ0ZTsiZ3X
        6H5AxZR/K4WLvq186qKmbkxbZOUj+UKfi9XXkXnMCD0LIZvjOSTNEySrSFmD1DMg
        9tn9Nv9HelCuFpCbeONJdM0iQ1dwNrioxBIC2MlknbffdySlVEU4KaACqtm9Gna2
        7FS/Lvx3E7rEAZ23QzHve7/IYc7Lr//wd4UroawXNyqNcOYzKn2kmrY15NfZkEyl
        UOa7s+SKJbGFq7PjAMhLsnUnnNLnSPsz3bvO3AjHDV6JMeCvyJxT68qanmM+N7tH
        JiuGUjh6EbZgx8eRiRMDkEotq0XuRTM2V4XJiaZRco+olaoeXAreQgKga44ErdTV
        eZivaAAPXmaxyxu8oZTfAhamJJyiUUJg6U2kwHZ4YimLl1+7ztqf1z7R0hO8MkBY
        qTi7MtQJDFRRGZT+SV2I48v3o2LY/Sz5l3cZBgOhuzcSYIGlvmg6IHQ8mPT29uAj
        VoA8LTqK8cNtbRPqRs3ohgzr8jPm7yJX2OFPGA0BHDo649FHY4Zm86fK6MyOadcZ
        Fl3+l1D8RuIKSuXNglcUN8m162UYgy2GVN0rRk2/ssgSkqwuufgVcJrdxkhoVjgW
        8E/l6/vz3K+qYohAsm1FGRDoE3eIfXt/oOIoHzU1z86N/ex16ZHXvgxtVvMEgYxj
        uDoqG7WogZSthGZWbhTbe9JBuGxKGpw2/ok+Wy/LuluVYqMf3JICq04jrxrmioZI
        XknYLYrFi6gJyR1lcDebpa5KauzjSPNXjjlP6rt437pOdnKZE2spSszUKaEVXaic
        -----END RSA PRIVATE KEY-----
        """

    /// A P-256 elliptic-curve key, PKCS #8.
    static let ecPKCS8 = """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgg49OGUnNssxhvmBM
        P0tXVQ08uvO06G0GW0ei2TXR8r+hRANCAAQ14TdReuUg/7obnsIEl9wOry34HnZE
        MnZl5oUt4tiu7OE0tEtfzqiJScasHl5g6XjwnmjV2sebySFyn5QQO/Fi
        -----END PRIVATE KEY-----
        """

    /// The same EC key, SEC 1 (`EC PRIVATE KEY`).
    static let ecSEC1 = """
        -----BEGIN EC PRIVATE KEY-----
        MHcCAQEEIIOPThlJzbLMYb5gTD9LV1UNPLrztOhtBltHotk10fK/oAoGCCqGSM49
        AwEHoUQDQgAENeE3UXrlIP+6G57CBJfcDq8t+B52RDJ2ZeaFLeLYruzhNLRLX86o
        iUnGrB5eYOl48J5o1drHm8khcp+UEDvxYg==
        -----END EC PRIVATE KEY-----
        """

    /// Its public half (`PUBLIC KEY`).
    static let ecPublic = """
        -----BEGIN PUBLIC KEY-----
        MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAENeE3UXrlIP+6G57CBJfcDq8t+B52
        RDJ2ZeaFLeLYruzhNLRLX86oiUnGrB5eYOl48J5o1drHm8khcp+UEDvxYg==
        -----END PUBLIC KEY-----
        """

    /// An Ed25519 key, PKCS #8.
    static let ed25519PKCS8 = """
        -----BEGIN PRIVATE KEY-----
        MC4CAQAwBQYDK2VwBCIEIAsvQZWSeGyBExA0hxI7lwXlo465sJ2cpYd505q9N5BD
        -----END PRIVATE KEY-----
        """

    /// Its public half (`PUBLIC KEY`).
    static let ed25519Public = """
        -----BEGIN PUBLIC KEY-----
        MCowBQYDK2VwAyEA6wWShY/XpQj1A0dC1/MEwTEtc9LaJEVCrcfr2ghw45A=
        -----END PUBLIC KEY-----
        """

    /// A 512-bit RSA key (`openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:512`), PKCS #8.
    static let rsa512 = """
        -----BEGIN PRIVATE KEY-----
        MIIBVAIBADANBgkqhkiG9w0BAQEFAASCAT4wggE6AgEAAkEA0DH3lipOkvHr+Sc9
        a4/NfqazJzGZYvfNUneyiWgZ7a5shMMz67DPTMoQj4R8r7MbuTodzfOOFcI17OzQ
        fR19CQIDAQABAkB0eqAkWYMgX01AVh3c4dV8eFNfKDbC0hUDgIhYq+9ls+AXWvMa
        0hz8KSBRHdT4H9O6lzg5OjYQPKO1mxk4FuKJAiEA6WWMWYSHHBVVY2/Z/c0msCu/
        gCHKVCQiF34qIKBQYhcCIQDkW51jA2kKqBZ1ZGGagX5xfADmpQlS5OnVqkTaQzYt
        3wIge64lXradBmPDuQrnwNf6/XZhZ5wAZPA05LAl0N5DWocCIGiXcZnFGRpxbH/u
        Lyo2P3S5CCyb0I5wHI3pg8m4WRtfAiEAxNJwQBp2BpwCk3Z1ZF6cvwk1rlx3boG/
        HPdO45Rm3lk=
        -----END PRIVATE KEY-----
        """

    /// Its public half.
    static let rsa512Public = """
        -----BEGIN PUBLIC KEY-----
        MFwwDQYJKoZIhvcNAQEBBQADSwAwSAJBANAx95YqTpLx6/knPWuPzX6msycxmWL3
        zVJ3soloGe2ubITDM+uwz0zKEI+EfK+zG7k6Hc3zjhXCNezs0H0dfQkCAwEAAQ==
        -----END PUBLIC KEY-----
        """
}
